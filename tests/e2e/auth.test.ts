import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage, PHONE, screenshotToLookAt, useServerAndBrowser, visible, watchPageProblems } from '../support/browser.ts';
import { noBrowser } from '../support/requirements.ts';
import { codeFrom } from '../support/smtp-sink.ts';
import { createSignedInUser } from '../support/users.ts';
import { hashPassword } from '@app/api/auth/passwords';
import { seriousAxeViolations } from '../support/axe.ts';

describe.skipIf(noBrowser)('accounts in Chromium', () => {
  const env = useServerAndBrowser();

  const sessionStatus = (page: Page) => page.evaluate(() => fetch('/api/validate-token').then((r) => r.status));
  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

  it('registers an athlete with the emailed code, signs out, and signs back in', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const problems = watchPageProblems(page);
    const email = 'lucia.e2e@example.com';
    await page.goto(`${env.server.baseUrl}/athlete-register`);
    await visible(page.getByRole('heading', { name: 'Create your player account' }));

    // A code needs every account detail first; an empty form shows the field messages.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await visible(page.getByText('Fill out your account details before requesting a code.'));
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(page.getByText('This field is required'));
    await visible(page.getByText('Enter the verification code we emailed you'));

    await field(page, 'Email').fill(email);
    await field(page, 'Full name').fill('Lucía Gómez');
    await field(page, 'Password').fill('goal-2026!');
    await field(page, 'Confirm password').fill('goal-2026?');
    await field(page, 'Age').fill('17');
    await field(page, 'Gender').selectOption('female');
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(page.getByText('Password does not match'));
    await field(page, 'Confirm password').fill('goal-2026!');

    // The show/hide toggle reveals the password.
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await field(page, 'Password').getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await field(page, 'Password').getAttribute('type')).toBe('password');

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await visible(page.getByText('Verification code sent!'));
    await visible(page.getByRole('button', { name: 'Resend' }));
    const code = codeFrom(await env.server.smtp.waitFor(email));

    // Another address needs its own code: the button reads Send again.
    await field(page, 'Email').fill('someone.else@example.com');
    await visible(page.getByRole('button', { name: 'Send', exact: true }));
    await field(page, 'Email').fill(email);

    await field(page, 'Verification code').fill(code);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${env.server.baseUrl}/athlete-dashboard`);
    await visible(page.getByText('Registration successful!'));
    expect(await sessionStatus(page)).toBe(200);
    const stored = await env.server.services.db
      .selectFrom('athletes')
      .select(['full_name', 'age', 'gender'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ full_name: 'Lucía Gómez', age: 17, gender: 'female' });

    // Sign out from the account menu in the top bar.
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await visible(page.getByText('Signed Out!'));
    await page.waitForURL(`${env.server.baseUrl}/`);
    expect(await sessionStatus(page)).toBe(401);
    expect(await page.getByRole('button', { name: /account menu/ }).count()).toBe(0);

    // Back in through the login page.
    await page.goto(`${env.server.baseUrl}/athlete-login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByText('This field is required').count()).toBe(2);
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Invalid email or password' }));
    await field(page, 'Password').fill('goal-2026!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${env.server.baseUrl}/athlete-dashboard`);
    await visible(page.getByText('Signed in successfully!'));
    expect(await sessionStatus(page)).toBe(200);

    // Signed in, the login page leads straight to the dashboard.
    await page.goto(`${env.server.baseUrl}/athlete-login`);
    await page.waitForURL(`${env.server.baseUrl}/athlete-dashboard`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('rotates the login background every 8000 ms', async () => {
    const page = await env.browser.newPage({ viewport: PHONE });
    await page.clock.install();
    await page.goto(`${env.server.baseUrl}/coach-login`);
    await visible(page.getByRole('heading', { name: 'Coach sign in' }));
    const backdrop = page.locator('.auth-backdrop');
    // Stop the clock where it is: from here on, time moves only when the test says so.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    // Step through 24 s, one second at a time, and note when the image changes.
    const changes: number[] = [];
    let last = await backdrop.getAttribute('data-active-index');
    for (let second = 1; second <= 24; second++) {
      await page.clock.runFor(1000);
      const now = await backdrop.getAttribute('data-active-index');
      if (now !== last) changes.push(second);
      last = now;
    }
    expect(changes).toHaveLength(3);
    expect([changes[1] - changes[0], changes[2] - changes[1]]).toEqual([8, 8]);
    await page.close();
  });

  it('registers a coach through the long form, with the code request rules and the three agreements', async () => {
    const page = await env.browser.newPage({ viewport: PHONE });
    const problems = watchPageProblems(page);
    const email = 'dana.e2e@example.edu';
    await page.goto(`${env.server.baseUrl}/coach-register`);
    await visible(page.getByRole('heading', { name: 'Register your program' }));
    const send = page.getByRole('button', { name: 'Send', exact: true });

    await send.click();
    await visible(page.getByText('Enter a valid email before requesting a code'));
    await field(page, 'Email').fill(email);
    await send.click();
    await visible(page.getByText('Create and confirm your password before requesting a code'));
    await field(page, 'Password').fill('coach-pass-1');
    await field(page, 'Confirm password').fill('coach-pass-2');
    await send.click();
    await visible(page.getByText('Passwords must match before requesting a code'));
    await field(page, 'Confirm password').fill('coach-pass-1');
    await send.click();
    await visible(page.getByText('Verification code sent!'));
    const code = codeFrom(await env.server.smtp.waitFor(email));

    await field(page, 'School name').fill('Hudson Valley University');
    await field(page, 'Division').selectOption('NCAA Division II');
    await field(page, 'University location').selectOption('Northeast');
    await field(page, 'School size').selectOption('Medium 5-15k');
    await field(page, 'Minimum GPA').fill('2.8');
    await field(page, 'First name').fill('Dana');
    await field(page, 'Last name').fill('Whitfield');
    await field(page, 'Job title').fill('Head Coach');
    await field(page, 'Phone').fill('+1 555 0100');
    await field(page, 'Preferred contact method').selectOption('Email');
    await field(page, 'Additional staff').fill('Sam Ortiz\nLee Park, ');
    await page.getByRole('checkbox', { name: 'Fall 2026' }).check();
    await field(page, 'Verification code').fill(code);

    // The information modal opens and closes with Escape.
    await page.getByRole('button', { name: 'Read the compliance statement' }).click();
    await visible(page.getByRole('dialog', { name: 'Compliance acknowledgement' }));
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);

    const submit = page.getByRole('button', { name: 'Create coach account' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /I acknowledge the recruiting compliance statement/ }).check();
    await page.getByRole('checkbox', { name: /I agree to be contacted/ }).check();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await page.waitForURL(`${env.server.baseUrl}/coach-dashboard`);
    await visible(page.getByText('Registration Success!'));

    const coach = await env.server.services.db.selectFrom('coaches').select(['first_name', 'profile']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(coach.first_name).toBe('Dana');
    expect(coach.profile).toMatchObject({
      sports: ['Soccer'],
      minimumGpa: 2.8,
      additionalStaff: ['Sam Ortiz', 'Lee Park'],
      targetStartTerms: ['Fall 2026'],
      jucoOpenDefault: false,
    });
    expect(coach.profile).not.toHaveProperty('confirmPassword');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('registers an agent for a free agency; taken agencies are disabled, and all taken blocks the form', async () => {
    await createSignedInUser(env.server.services, 'agent', { agency: 'Eture' });
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const problems = watchPageProblems(page);
    await page.goto(`${env.server.baseUrl}/agent-register`);
    await visible(page.getByRole('heading', { name: 'Register your agency' }));
    const agency = field(page, 'Agency');
    const taken = agency.locator('option', { hasText: 'Eture (Already registered)' });
    await taken.waitFor({ state: 'attached' });
    expect(await taken.isDisabled()).toBe(true);
    expect(await agency.locator('option', { hasText: 'Mae' }).textContent()).toBe('Mae');

    await page.getByRole('button', { name: 'Create agent account' }).click();
    await visible(page.getByText('Please choose your agency'));
    await visible(page.getByText('Agency website is required'));

    await agency.selectOption('Mae');
    await field(page, 'Agency website').fill('mae-sports.example.com');
    await field(page, 'First name').fill('Marta');
    await field(page, 'Last name').fill('Ruiz');
    await field(page, 'Password').fill('agent-pass-1');
    await field(page, 'Confirm password').fill('agent-pass-1');
    // The code goes only to an address at the agency's domain (decision A10).
    await visible(page.getByText('Your address at Mae: @mae.com.'));
    await field(page, 'Email').fill('marta.e2e@example.com');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await visible(page.getByText('Use your Mae email address (@mae.com).'));
    await field(page, 'Email').fill('marta.e2e@mae.com');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await visible(page.getByText('Verification code sent!'));
    const code = codeFrom(await env.server.smtp.waitFor('marta.e2e@mae.com'));
    await field(page, 'Verification code').fill(code);
    await screenshotToLookAt(page, 'agent-register-code', { fullPage: true });
    await page.getByRole('button', { name: 'Create agent account' }).click();
    await page.waitForURL(`${env.server.baseUrl}/agent-dashboard`);
    await visible(page.getByText('Registration Success!'));
    expect(await sessionStatus(page)).toBe(200);

    // With every agency taken, the form says so and cannot be sent.
    await createSignedInUser(env.server.services, 'agent', { agency: 'Global College' });
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${env.server.baseUrl}/`);
    await page.goto(`${env.server.baseUrl}/agent-register`);
    await visible(page.getByText('All partner agencies already have profiles. Contact support to make changes.'));
    expect(await page.getByRole('button', { name: 'Create agent account' }).isDisabled()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('resets a forgotten password: link on the login, code by email, new password, then sign-in', async () => {
    const coach = await createSignedInUser(env.server.services, 'coach', { email: 'forgetful.coach@example.edu' });
    await env.server.services.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('old-pass-1') })
      .where('id', '=', coach.id)
      .execute();
    const page = await env.browser.newPage({ viewport: PHONE });
    const problems = watchPageProblems(page);
    await page.goto(`${env.server.baseUrl}/coach-login`);
    await field(page, 'Email').fill(coach.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${env.server.baseUrl}/coach-reset-password`);
    await visible(page.getByRole('heading', { name: 'Reset your password' }));
    expect(await field(page, 'Email').inputValue()).toBe(coach.email);
    await screenshotToLookAt(page, 'reset-password-phone', { fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await visible(page.getByText('Check your email: we sent you a message with a code to reset your password.'));
    const code = codeFrom(await env.server.smtp.waitFor(coach.email, (m) => m.subject === 'Your password reset code'));
    await page.getByRole('button', { name: 'Set new password' }).click();
    await visible(page.getByText('Enter the verification code we emailed you'));
    await field(page, 'Verification code').fill(code);
    await field(page, 'Password').fill('new-pass-22');
    await field(page, 'Confirm password').fill('new-pass-22');
    await page.getByRole('button', { name: 'Set new password' }).click();

    await page.waitForURL(`${env.server.baseUrl}/coach-login`);
    await visible(page.getByText('Your password has been reset. Sign in with your new password.'));
    expect(await field(page, 'Email').inputValue()).toBe(coach.email);
    // The session the coach had elsewhere has ended.
    expect(
      await env.server.services.db.selectFrom('sessions').select('revoked_at').where('user_id', '=', coach.id).where('revoked_at', 'is', null).execute(),
    ).toEqual([]);
    await field(page, 'Password').fill('new-pass-22');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${env.server.baseUrl}/coach-dashboard`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('public pages make no failing call for a signed-out visitor (the session probe answers 200)', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('response', (res) => {
      if (res.status() >= 400) errors.push(`http ${res.status()}: ${res.url()}`);
    });
    for (const path of ['/', '/get-started', '/faq', '/athlete-login', '/coach-register', '/agent-reset-password']) {
      await page.goto(`${env.server.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('"Remember me" decides the cookie; an ended session sends the user to sign in and back to the same screen', async () => {
    const coach = await createSignedInUser(env.server.services, 'coach', { email: 'session.coach@example.edu', firstName: 'Sasha' });
    await env.server.services.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('coach-pass-9') })
      .where('id', '=', coach.id)
      .execute();
    const context = await env.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    const signIn = async (remember: boolean) => {
      await field(page, 'Email').fill(coach.email);
      await field(page, 'Password').fill('coach-pass-9');
      await page.getByRole('checkbox', { name: 'Remember me' }).setChecked(remember);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    const sessionCookie = async () => (await context.cookies()).find((c) => c.name === 'rp_session');

    await page.goto(`${env.server.baseUrl}/coach-login`);
    await signIn(true);
    await page.waitForURL(`${env.server.baseUrl}/coach-dashboard`);
    expect((await sessionCookie())!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    // The session is revoked while the coach works; the next screen's calls answer 401.
    const newRequest = page.getByRole('link', { name: 'New request' });
    await visible(newRequest);
    await page.waitForLoadState('networkidle');
    await env.server.services.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', coach.id).execute();
    await newRequest.click();
    await page.waitForURL(`${env.server.baseUrl}/coach-login`);
    await visible(page.getByText('Your session ended; sign in again'));
    await screenshotToLookAt(page, 'session-ended-login', { fullPage: true });

    // Unticked: a browser-session cookie (no expiry); back to the screen the coach was going to.
    await signIn(false);
    await page.waitForURL(`${env.server.baseUrl}/coach-request`);
    expect((await sessionCookie())!.expires).toBe(-1);
    const row = await env.server.services.db
      .selectFrom('sessions')
      .select('remembered')
      .where('user_id', '=', coach.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(row.remembered).toBe(false);

    // Reopening the app later with the dead cookie: straight to the sign-in with the message.
    await env.server.services.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', coach.id).execute();
    await page.goto(`${env.server.baseUrl}/coach-requests`);
    await page.waitForURL(`${env.server.baseUrl}/coach-login`);
    await visible(page.getByText('Your session ended; sign in again'));
    await signIn(true);
    await page.waitForURL(`${env.server.baseUrl}/coach-requests`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("another role's right email and password say which login to use, once; a wrong password stays generic", async () => {
    const athlete = await createSignedInUser(env.server.services, 'athlete', { email: 'wrong.door@example.com' });
    await env.server.services.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('athlete-pass-3') })
      .where('id', '=', athlete.id)
      .execute();
    const page = await env.browser.newPage({ viewport: PHONE });
    const problems = watchPageProblems(page);
    await page.goto(`${env.server.baseUrl}/coach-login`);
    await field(page, 'Email').fill(athlete.email);
    await field(page, 'Password').fill('athlete-pass-4');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Invalid email or password' }));
    expect(await page.getByText('Invalid email or password').count()).toBe(1);

    await field(page, 'Password').fill('athlete-pass-3');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const message = 'This is an athlete account: sign in at the athlete login';
    await visible(page.getByRole('alert').filter({ hasText: message }));
    expect(await page.getByText(message).count()).toBe(1);
    await screenshotToLookAt(page, 'wrong-role-login', { fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to the player sign in' }).click();
    await page.waitForURL(`${env.server.baseUrl}/athlete-login`);
    expect(await field(page, 'Email').inputValue()).toBe(athlete.email);
    // The URL moves before React renders the new page: the message must be gone once it has.
    await expect.poll(() => page.getByText(message).count(), { timeout: 5000 }).toBe(0);
    await field(page, 'Password').fill('athlete-pass-3');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${env.server.baseUrl}/athlete-dashboard`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a taken email goes through the code step like any other; the mail tells its owner', async () => {
    const owner = await createSignedInUser(env.server.services, 'athlete', { email: 'already.here@example.com' });
    const page = await env.browser.newPage({ viewport: PHONE });
    const problems = watchPageProblems(page);
    await page.goto(`${env.server.baseUrl}/athlete-register`);
    await field(page, 'Email').fill(owner.email);
    await field(page, 'Full name').fill('Someone Else');
    await field(page, 'Password').fill('other-pass-1');
    await field(page, 'Confirm password').fill('other-pass-1');
    await field(page, 'Age').fill('18');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await visible(page.getByText('Verification code sent!'));
    const mail = await env.server.smtp.waitFor(owner.email, (m) => m.subject === 'You already have an account');
    expect(mail.text).toContain('/athlete-login');
    await field(page, 'Verification code').fill('000000');
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(page.getByText('That verification code is not correct. 4 tries left.'));
    expect(page.url()).toBe(`${env.server.baseUrl}/athlete-register`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a signed-in user changes their password from the account menu; a wrong current password is said at its field', async () => {
    // A coach: this file's agent test takes every agency (one agent each, decision A3).
    const coach = await createSignedInUser(env.server.services, 'coach', { firstName: 'Iris' });
    await env.server.services.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('coach-pass-1') })
      .where('id', '=', coach.id)
      .execute();
    const { context, page, problems } = await openPage(env.browser, env.server.baseUrl, coach, PHONE);
    await page.goto(`${env.server.baseUrl}/coach-dashboard`);
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.waitForURL('**/account-password');
    await visible(page.getByRole('heading', { name: 'Change your password' }));
    expect(await seriousAxeViolations(page)).toEqual([]);

    await field(page, 'Current password').fill('coach-pass-0');
    await field(page, 'New password').fill('coach-pass-2');
    await field(page, 'Confirm new password').fill('coach-pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByText('Your current password is not correct'));
    await expect.poll(() => field(page, 'Current password').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/account-password');

    await field(page, 'Current password').fill('coach-pass-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByText('Your password has been changed. You stay signed in here; your other devices were signed out.'));
    await screenshotToLookAt(page, 'password-changed-phone', { fullPage: true });
    const login = await env.server.app.inject({ method: 'POST', url: '/api/coach/login', payload: { email: coach.email, password: 'coach-pass-2' } });
    expect(login.statusCode).toBe(200);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a signed-in user changes their sign-in email: the code goes to the new address, the page and the menu show it', async () => {
    const athlete = await createSignedInUser(env.server.services, 'athlete', { fullName: 'Nora Vidal' });
    await env.server.services.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('nora-pass-1') })
      .where('id', '=', athlete.id)
      .execute();
    const target = `nora.moved.${Date.now().toString(36)}@example.com`;
    const { context, page, problems } = await openPage(env.browser, env.server.baseUrl, athlete, DESKTOP);
    await page.goto(`${env.server.baseUrl}/athlete-profile`);
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('link', { name: 'Change email' }).click();
    await page.waitForURL('**/account-email');
    await visible(page.getByRole('heading', { name: 'Change your email' }));
    expect(await seriousAxeViolations(page)).toEqual([]);

    await field(page, 'New email').fill(target);
    await page.getByRole('button', { name: 'Send' }).click();
    await visible(page.getByText('Enter your new email and current password before requesting a code.'));
    await field(page, 'Current password').fill('nora-pass-1');
    await page.getByRole('button', { name: 'Send' }).click();
    await visible(page.getByText('Check your new email: we sent it a code to confirm the change.'));
    const code = codeFrom(await env.server.smtp.waitFor(target, (m) => m.subject === 'Confirm your new email'));
    await field(page, 'Verification code').fill(code);
    await page.getByRole('button', { name: 'Change email' }).click();
    await visible(page.getByText('Your email has been changed. Sign in with your new address from now on.'));
    await visible(page.getByText(`You sign in with ${target}`));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotToLookAt(page, 'email-changed-desktop', { fullPage: true });

    // The account menu and the profile read the new address without a reload.
    await page.getByRole('button', { name: /account menu/ }).click();
    await visible(page.locator('.account-dropdown-email', { hasText: target }));
    await page.getByRole('link', { name: 'My dashboard' }).click();
    await page.waitForURL('**/athlete-dashboard');
    await page.getByRole('link', { name: 'View profile' }).click();
    await page.waitForURL('**/athlete-profile');
    await visible(page.locator('main', { hasText: target }));
    const notice = await env.server.smtp.waitFor(athlete.email, (m) => m.subject === 'Your sign-in email was changed');
    expect(notice.text).toContain(target);
    const login = await env.server.app.inject({ method: 'POST', url: '/api/athlete/login', payload: { email: target, password: 'nora-pass-1' } });
    expect(login.statusCode).toBe(200);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a signed-in user downloads a copy of their data from the account menu, then deletes the account', async () => {
    const coach = await createSignedInUser(env.server.services, 'coach', { firstName: 'Tess', lastName: 'Olsen' });
    await env.server.services.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('tess-pass-1') })
      .where('id', '=', coach.id)
      .execute();
    const { context, page, problems } = await openPage(env.browser, env.server.baseUrl, coach, PHONE);
    await page.goto(`${env.server.baseUrl}/coach-dashboard`);
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('link', { name: 'Your data' }).click();
    await page.waitForURL('**/account-data');
    await visible(page.getByRole('heading', { name: 'Your data', level: 1 }));
    // Checked with a link hovered: a hovered link keeps its contrast on the page's background.
    await page.getByRole('link', { name: /Back to dashboard/ }).hover();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshotToLookAt(page, 'account-data-phone', { fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^recruitmatch-coach-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(data.account).toMatchObject({ id: coach.id, role: 'coach', email: coach.email });
    expect(data.profile).toMatchObject({ coachFirstName: 'Tess', coachLastName: 'Olsen' });

    await field(page, 'Current password').fill('tess-pass-1');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
    await visible(dialog);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await visible(page.getByText('Your account has been deleted.'));
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await sessionStatus(page)).toBe(401);
    expect(await env.server.services.db.selectFrom('users').select('id').where('id', '=', coach.id).execute()).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
