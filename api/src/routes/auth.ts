import {
  ACCOUNT_DELETION_MESSAGES,
  accountDeletionSchema,
  AGENCIES,
  agencyEmailMessage,
  agentCodeRequestSchema,
  agentRegistrationPayloadSchema,
  emailAtDomains,
  parseAgencyEmailDomains,
  type Agency,
  athleteRegistrationSchema,
  coachRegistrationPayloadSchema,
  EMAIL_CHANGE_MESSAGES,
  emailChangeCodeSchema,
  emailChangeSchema,
  loginSchema,
  OTHER_SESSIONS_ENDED,
  MESSAGES,
  otherRoleLoginMessage,
  PASSWORD_CHANGE_MESSAGES,
  passwordChangeSchema,
  PASSWORD_RESET_MESSAGES,
  passwordResetCodeSchema,
  passwordResetSchema,
  sendCodeSchema,
  type AgencyOption,
} from '@app/domain';
import type { Role } from '@app/worker';
import {
  accountView,
  agencyTaken,
  changeEmail,
  changePassword,
  deleteAccount,
  endOtherSessions,
  discardCode,
  emailTaken,
  findLoginUser,
  issueCode,
  otherRoleAccounts,
  registerAgent,
  registerAthlete,
  registerCoach,
  resetPassword,
  takenAgencies,
  type RegistrationResult,
} from '@app/worker/store';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, mailLanguage } from '../auth/accounts.ts';
import {
  accountDeletedMail,
  accountExistsMail,
  CODE_MESSAGES,
  codeRefusalMessage,
  emailChangeCodeMail,
  emailChangedMail,
  emailInUseMail,
  noAccountResetMail,
  passwordResetMail,
  resendWaitMessage,
  verificationMail,
  type CodePurpose,
  type CodeRole,
} from '../auth/codes.ts';
import { createLoginThrottle } from '../auth/login-throttle.ts';
import { hashPassword, verifyAccountPassword } from '../auth/passwords.ts';
import { currentUser, endSession, requireRole, startSession, type SessionUser } from '../auth/session.ts';
import { badRequest, conflict, HttpError, unauthorized } from '../lib/http-errors.ts';
import { readImageUpload } from '../lib/images.ts';
import { agencyOptionsSchema, errorResponses, messageAnswerSchema, signedInSchema } from '@app/domain';

const TOO_MANY = 'Too many attempts. Please wait a moment and try again.';

/**
 * Accounts (spec sections 3, 5, 7; decisions A1-A3): verification codes, registration (which
 * signs the new user in) and login for athletes, coaches and agents, and the agency options.
 *
 * Abuse limits: each route has a per-address limit (`config.rateLimit`); code requests also a
 * per-email one; logins block a guessing (account, address) pair and only slow down the account
 * as a whole (decision A9, `login-throttle.ts`), so strangers cannot lock the owner out. Codes add
 * their own limits (5 tries, 60 s between codes). The counters live in Redis when configured.
 */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, mailer, config } = app.services;
  const loginThrottle = createLoginThrottle(app);
  const registerLimit = { rateLimit: { max: 20, timeWindow: '15 minutes' } };
  const agencyDomains = parseAgencyEmailDomains(config.AGENCY_EMAIL_DOMAINS);

  /** A preHandler limiting requests per role and email (the body is validated by then). */
  function perEmailLimit(role: Role, action: string, max: number, timeWindow: string, perAddress = false) {
    const check = app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: (request: FastifyRequest) => `${action}:${role}:${(request.body as { email: string }).email}${perAddress ? `:${request.ip}` : ''}`,
    });
    return async (request: FastifyRequest) => {
      const limit = await check(request);
      if (!limit.isAllowed && limit.isExceeded) throw new HttpError(429, TOO_MANY);
    };
  }

  // ------------------------------------------------------------------------------------------
  // Verification codes (athletes and coaches)

  for (const role of ['athlete', 'coach'] as const satisfies CodeRole[]) {
    app.post(
      `/${role}/send-verification-code`,
      {
        schema: { body: sendCodeSchema, response: { 200: messageAnswerSchema, ...errorResponses } },
        config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
        preHandler: perEmailLimit(role, 'code', 5, '1 hour'),
      },
      async (request) => {
        await sendCode(request, role, request.body.email, 'register');
        return { message: CODE_MESSAGES.sent };
      },
    );
  }

  /**
   * Agents (decision A10): the address must be at the chosen agency's email domain; a taken agency
   * is refused at once (which agencies are taken is public: GET /agent/register/options).
   */
  app.post(
    '/agent/send-verification-code',
    {
      schema: { body: agentCodeRequestSchema, response: { 200: messageAnswerSchema, ...errorResponses } },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      preHandler: perEmailLimit('agent', 'code', 5, '1 hour'),
    },
    async (request) => {
      const { email, agency } = request.body;
      checkAgencyEmail(email, agency);
      await refuseTakenAgency(agency);
      await sendCode(request, 'agent', email, 'register');
      return { message: CODE_MESSAGES.sent };
    },
  );

  function checkAgencyEmail(email: string, agency: Agency) {
    const domains = agencyDomains[agency];
    if (!emailAtDomains(email, domains)) {
      throw badRequest(agencyEmailMessage(agency, domains));
    }
  }
  async function refuseTakenAgency(agency: Agency) {
    if (await agencyTaken(db, agency)) throw conflict(AUTH_MESSAGES.agencyTaken(agency));
  }

  /**
   * Mails a code, or, when the answer must not tell (decision A8), a note instead: to the owner of
   * a taken email, that they already have an account; for a reset of an email without an account,
   * that there is none. Either way a code row is issued (never mailed in the second case), so the
   * 60-second pause, the answers and the later code check are the same for every email.
   */
  async function sendCode(request: FastifyRequest, role: CodeRole, email: string, purpose: CodePurpose, userId?: string) {
    const taken = await emailTaken(db, role, email);
    const issuing = await issueCode(db, role, email, purpose, userId);
    if (!issuing.ok) throw new HttpError(429, resendWaitMessage(issuing.waitSeconds));
    const issued = issuing.value;
    const language = await mailLanguage(db, role, email, request.headers['accept-language']);
    const mail = {
      register: () => (taken ? accountExistsMail(config, email, role, language) : verificationMail(email, issued.code, language)),
      reset: () => (taken ? passwordResetMail(email, issued.code, language) : noAccountResetMail(config, email, role, language)),
      'email-change': () => (taken ? emailInUseMail(config, email, role, language) : emailChangeCodeMail(email, issued.code, language)),
    }[purpose]();
    try {
      await mailer.send(mail);
    } catch (error) {
      request.log.error({ err: error }, 'code mail failed');
      await discardCode(db, issued.id);
      throw new HttpError(503, CODE_MESSAGES.sendFailed);
    }
  }

  // ------------------------------------------------------------------------------------------
  // Registration

  app.post(
    '/athlete/register',
    { schema: { body: athleteRegistrationSchema, response: { 201: signedInSchema, ...errorResponses } }, config: registerLimit },
    async (request, reply) => {
      const { email, fullName, password, age, gender, verificationCode } = request.body;
      const passwordHash = await hashPassword(password);
      const profile = { fullName, age, email, ...(gender ? { gender } : {}) };

      // The same profile -> columns mapping as profile saves (completion stays false here).
      const result = accountCreated(await registerAthlete(db, { email, passwordHash, code: verificationCode, fullName, profile }));
      return signIn(request, reply, { id: result.id, role: 'athlete', email });
    },
  );

  app.post(
    '/coach/register',
    { schema: { body: coachRegistrationPayloadSchema, response: { 201: signedInSchema, ...errorResponses } }, config: registerLimit },
    async (request, reply) => {
      const {
        email,
        password,
        verificationCode,
        profilePhotoBase64,
        profilePhotoMime: _photoMime,
        universityLogoBase64,
        universityLogoMime: _logoMime,
        ...profileFields
      } = request.body;
      // Bad images are refused before the code is looked at (a refused upload costs no try).
      const photo = profilePhotoBase64 ? await readImageUpload(profilePhotoBase64) : undefined;
      const logo = universityLogoBase64 ? await readImageUpload(universityLogoBase64) : undefined;
      const passwordHash = await hashPassword(password);

      const result = accountCreated(await registerCoach(db, { email, passwordHash, code: verificationCode, profile: profileFields, photo, logo }));
      return signIn(request, reply, { id: result.id, role: 'coach', email });
    },
  );

  app.post(
    '/agent/register',
    { schema: { body: agentRegistrationPayloadSchema, response: { 201: signedInSchema, ...errorResponses } }, config: registerLimit },
    async (request, reply) => {
      const { email, password, firstName, lastName, agency, agencyUrl, profilePhotoBase64, verificationCode } = request.body;
      if (!agencyUrl) throw badRequest(MESSAGES.agencyUrlRequired); // the schema requires it; this narrows the type
      checkAgencyEmail(email, agency);
      await refuseTakenAgency(agency);
      const photo = profilePhotoBase64 ? await readImageUpload(profilePhotoBase64) : undefined;
      const passwordHash = await hashPassword(password);

      // Two registrations for one agency may both pass the check above; the unique constraint on
      // agents.agency lets exactly one commit (decision A3): the other answers 'agency-taken'.
      const result = accountCreated(
        await registerAgent(db, { email, passwordHash, code: verificationCode, firstName, lastName, agency, agencyUrl, photo }),
        agency,
      );
      return signIn(request, reply, { id: result.id, role: 'agent', email });
    },
  );

  /** GET /agent/register/options: which partner agencies still have no agent (no sign-in needed). */
  app.get(
    '/agent/register/options',
    { schema: { response: { 200: agencyOptionsSchema, ...errorResponses } } },
    async (): Promise<{ options: AgencyOption[] }> => {
      const taken = await takenAgencies(db);
      return { options: AGENCIES.map((agency) => ({ agency, available: !taken.has(agency), emailDomains: agencyDomains[agency] })) };
    },
  );

  // ------------------------------------------------------------------------------------------
  // Login

  for (const role of ['athlete', 'coach', 'agent'] as const) {
    app.post(
      `/${role}/login`,
      {
        schema: { body: loginSchema, response: { 200: signedInSchema, ...errorResponses } },
        config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      },
      async (request, reply) => {
        const { email, password } = request.body;
        const attempt = { role, email };
        await loginThrottle.before(request, attempt);
        const user = await findLoginUser(db, role, email);
        // The same answer, after the same work, for an unknown email and a wrong password.
        const valid = await verifyAccountPassword(user?.password_hash, password);
        if (!user || !valid) {
          const otherRole = await otherRoleWithPassword(role, email, password);
          await loginThrottle.failed(request, attempt);
          // Only someone who knows the password learns which login it belongs to (decision A8).
          throw unauthorized(otherRole ? otherRoleLoginMessage(otherRole) : AUTH_MESSAGES.invalidLogin);
        }
        await startSession(request, reply, { id: user.id, role }, { remember: request.body.remember ?? true });
        return { message: AUTH_MESSAGES.signedIn, user: await accountView(db, { id: user.id, role, email }) };
      },
    );
  }

  /**
   * The other role whose account of this email has this password, if any. Both other roles are
   * always checked (a throwaway hash where there is no account), so every failed sign-in costs the
   * same work whatever accounts the email has.
   */
  async function otherRoleWithPassword(role: Role, email: string, password: string): Promise<Role | null> {
    const rows = await otherRoleAccounts(db, email, role);
    let found: Role | null = null;
    for (const other of (['athlete', 'coach', 'agent'] as const).filter((r) => r !== role)) {
      const matches = await verifyAccountPassword(rows.find((r) => r.role === other)?.password_hash, password);
      if (matches && !found) found = other;
    }
    return found;
  }

  // ------------------------------------------------------------------------------------------
  // Password reset (decision A8): a code by email (the A2 rules), then a new password, which
  // ends every session of the account. Both steps answer alike whether or not the email has an
  // account of the role (no account: a note instead of a code, and every code refused).

  for (const role of ['athlete', 'coach', 'agent'] as const) {
    app.post(
      `/${role}/password-reset/code`,
      {
        schema: { body: passwordResetCodeSchema, response: { 200: messageAnswerSchema, ...errorResponses } },
        config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
        // Per email and address, not per email alone: strangers cannot use up the owner's requests.
        preHandler: perEmailLimit(role, 'reset-code', 5, '1 hour', true),
      },
      async (request) => {
        await sendCode(request, role, request.body.email, 'reset');
        return { message: PASSWORD_RESET_MESSAGES.codeSent };
      },
    );

    app.post(
      `/${role}/password-reset`,
      { schema: { body: passwordResetSchema, response: { 200: messageAnswerSchema, ...errorResponses } }, config: registerLimit },
      async (request) => {
        const { email, verificationCode, password } = request.body;
        const passwordHash = await hashPassword(password);
        const result = await resetPassword(db, role, email, verificationCode, passwordHash);
        if (!result.ok) throw badRequest(codeRefusalMessage(result));
        return { message: PASSWORD_RESET_MESSAGES.done };
      },
    );
  }

  // ------------------------------------------------------------------------------------------
  // Password change: a signed-in user (any role) gives their current password
  // (confirmCurrentPassword) and a new one. The other sessions of the account end; this one stays.

  app.put(
    '/account/password',
    {
      onRequest: requireRole('athlete', 'coach', 'agent'),
      schema: { body: passwordChangeSchema, response: { 200: messageAnswerSchema, ...errorResponses } },
      config: registerLimit,
    },
    async (request) => {
      const user = currentUser(request);
      await confirmCurrentPassword(request, user, request.body.currentPassword);
      await changePassword(db, user.id, await hashPassword(request.body.password), user.sessionHash);
      return { message: PASSWORD_CHANGE_MESSAGES.done };
    },
  );

  /** Signs the account out on every other device (a lost phone, a shared computer); this session stays. */
  app.post(
    '/account/sessions/end-others',
    {
      onRequest: requireRole('athlete', 'coach', 'agent'),
      schema: { response: { 200: messageAnswerSchema, ...errorResponses } },
      config: registerLimit,
    },
    async (request) => {
      const user = currentUser(request);
      await endOtherSessions(db, user.id, user.sessionHash);
      return { message: OTHER_SESSIONS_ENDED };
    },
  );

  /**
   * The current password of a signed-in user changing their account. A wrong one counts as a
   * failed sign-in of the account (decision A9's limits: a session left open cannot be used to
   * guess it) and answers 400, not 401: the session lives on.
   */
  async function confirmCurrentPassword(request: FastifyRequest, user: SessionUser, password: string) {
    const attempt = { role: user.role, email: user.email };
    await loginThrottle.before(request, attempt);
    const stored = await findLoginUser(db, user.role, user.email);
    if (!(await verifyAccountPassword(stored?.password_hash, password))) {
      await loginThrottle.failed(request, attempt);
      throw badRequest(PASSWORD_CHANGE_MESSAGES.wrongCurrent);
    }
  }

  // ------------------------------------------------------------------------------------------
  // Email change: a signed-in user (any role) moves their sign-in to a new email. The current
  // password confirms both steps; a code mailed to the new email, bound to this user, proves it
  // is theirs (a code another account asked for does not work here). A new email that already
  // has an account of the role answers as any other (decision A8): its owner is mailed a note
  // instead of a code, and every code is refused. Agents stay at their agency's domains (A10).
  // Once changed, the old address is told. Sessions stay.

  /** Code requests per user, on top of the per-address limit: a signed-in user cannot flood addresses. */
  const emailCodesPerUser = app.createRateLimit({ max: 5, timeWindow: '1 hour', keyGenerator: (request) => `email-code:${currentUser(request).id}` });

  app.post(
    '/account/email/code',
    {
      onRequest: requireRole('athlete', 'coach', 'agent'),
      schema: { body: emailChangeCodeSchema, response: { 200: messageAnswerSchema, ...errorResponses } },
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const user = currentUser(request);
      const { email, currentPassword } = request.body;
      await confirmCurrentPassword(request, user, currentPassword);
      await checkNewEmail(user, email);
      const limit = await emailCodesPerUser(request);
      if (!limit.isAllowed && limit.isExceeded) throw new HttpError(429, TOO_MANY);
      await sendCode(request, user.role, email, 'email-change', user.id);
      return { message: EMAIL_CHANGE_MESSAGES.codeSent };
    },
  );

  app.put(
    '/account/email',
    {
      onRequest: requireRole('athlete', 'coach', 'agent'),
      schema: { body: emailChangeSchema, response: { 200: signedInSchema, ...errorResponses } },
      config: registerLimit,
    },
    async (request) => {
      const user = currentUser(request);
      const { email, currentPassword, verificationCode } = request.body;
      await confirmCurrentPassword(request, user, currentPassword);
      await checkNewEmail(user, email);
      const result = await changeEmail(db, user, email, verificationCode);
      if (!result.ok) throw badRequest(codeRefusalMessage(result));
      try {
        const language = await mailLanguage(db, user.role, email, request.headers['accept-language']);
        await mailer.send(emailChangedMail(config, user.email, user.role, email, language));
      } catch (error) {
        // The change is made; a note that could not go out must not undo it or hide it.
        request.log.error({ err: error }, 'email changed notice failed');
      }
      return { message: EMAIL_CHANGE_MESSAGES.done, user: await accountView(db, { ...user, email }) };
    },
  );

  // ------------------------------------------------------------------------------------------
  // Account deletion: a signed-in user (any role) deletes their account for good, with everything
  // it is part of (deleteAccount), confirmed by the current password. The session cookie goes;
  // the address is told.

  app.delete(
    '/account',
    {
      onRequest: requireRole('athlete', 'coach', 'agent'),
      schema: { body: accountDeletionSchema, response: { 200: messageAnswerSchema, ...errorResponses } },
      config: registerLimit,
    },
    async (request, reply) => {
      const user = currentUser(request);
      await confirmCurrentPassword(request, user, request.body.currentPassword);
      const language = await mailLanguage(db, user.role, user.email, request.headers['accept-language']);
      await deleteAccount(db, user.id);
      await endSession(request, reply);
      try {
        await mailer.send(accountDeletedMail(config, user.email, user.role, language));
      } catch (error) {
        request.log.error({ err: error }, 'account deleted notice failed');
      }
      return { message: ACCOUNT_DELETION_MESSAGES.done };
    },
  );

  /** A new email must differ from the current one and, for an agent, be at the agency's domains. */
  async function checkNewEmail(user: SessionUser, email: string) {
    if (email === user.email) throw badRequest(EMAIL_CHANGE_MESSAGES.sameEmail);
    if (user.role !== 'agent') return;
    const { agency } = await accountView(db, user);
    if (agency) checkAgencyEmail(email, agency as Agency);
  }

  // ------------------------------------------------------------------------------------------

  /**
   * The answer to a registration the store refused. A refused code costs its try. A taken email
   * never gets this far: its code is refused like a wrong one (decision A8); should a concurrent
   * registration still take the email first, the answer is the neutral "request a code" one, not
   * "taken". A taken agency (public knowledge: GET /agent/register/options) answers its 409.
   */
  function accountCreated(result: RegistrationResult, agency?: string): { id: string } {
    if (result.ok) return result.value;
    if (result.reason === 'email-taken') throw badRequest(CODE_MESSAGES.missing);
    if (result.reason === 'agency-taken') throw conflict(AUTH_MESSAGES.agencyTaken(agency ?? ''));
    throw badRequest(codeRefusalMessage(result));
  }

  async function signIn(request: FastifyRequest, reply: FastifyReply, user: { id: string; role: Role; email: string }) {
    await startSession(request, reply, user);
    return reply.code(201).send({ message: AUTH_MESSAGES.registered, user: await accountView(db, user) });
  }
}
