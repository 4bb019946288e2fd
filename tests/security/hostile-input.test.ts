import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/domain';
import { createAthlete, createCoach, createRequest } from '../integration/matches-fixtures.ts';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';

/**
 * Random and hostile payloads at every write route: the answer is always a 4xx with a message,
 * never a 5xx, and the database is unchanged.
 */
const TABLES = [
  'users',
  'athletes',
  'coaches',
  'agents',
  'coach_requests',
  'matches',
  'match_events',
  'outbox',
  'contact_messages',
  'images',
  'verification_codes',
  'notification_events',
  'notifications',
  'notification_settings',
  'messages',
] as const;

const hostileString = fc.oneof(
  fc.constantFrom(
    "'; drop table users; --",
    '" OR 1=1 --',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '${7*7}{{7*7}}',
    '../../etc/passwd',
    '\u0000\u0001\u202e',
    'data:image/png;base64,@@@',
    '%00%0d%0a',
    'lone \ud800 high',
    '\udc00 lone low',
  ),
  fc.string({ maxLength: 40 }),
  fc.constant('x'.repeat(300_000)),
);
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
);
const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'role', 'profileCompleted', 'id', 'coach_id', 'isAdmin', '$where');

interface WriteRoute {
  method: 'POST' | 'PUT' | 'PATCH';
  url: (f: Fixtures) => string;
  as?: 'athlete' | 'coach' | 'agent';
  /** A field whose value must be a string or list; a wrong type there makes the body invalid. */
  field: string;
  /** A wrong value for `field` (defaults to random wrong types). */
  wrong?: fc.Arbitrary<unknown>;
}
type Fixtures = Awaited<ReturnType<typeof fixtures>>;

const ROUTES: WriteRoute[] = [
  { method: 'POST', url: () => '/api/contact', field: 'name' },
  { method: 'POST', url: () => '/api/athlete/send-verification-code', field: 'email' },
  { method: 'POST', url: () => '/api/coach/send-verification-code', field: 'email' },
  { method: 'POST', url: () => '/api/athlete/register', field: 'email' },
  { method: 'POST', url: () => '/api/coach/register', field: 'email' },
  { method: 'POST', url: () => '/api/agent/register', field: 'email' },
  { method: 'POST', url: () => '/api/agent/send-verification-code', field: 'email' },
  { method: 'POST', url: () => '/api/athlete/password-reset/code', field: 'email' },
  { method: 'POST', url: () => '/api/coach/password-reset', field: 'email' },
  { method: 'POST', url: () => '/api/athlete/login', field: 'email' },
  { method: 'POST', url: () => '/api/coach/login', field: 'email' },
  { method: 'POST', url: () => '/api/agent/login', field: 'email' },
  { method: 'POST', url: () => '/api/support-insights/stats', field: 'username' },
  { method: 'PUT', url: () => '/api/athlete/profile', as: 'athlete', field: 'fullName' },
  { method: 'PUT', url: () => '/api/coach/profile', as: 'coach', field: 'coachFirstName' },
  {
    method: 'POST',
    url: () => '/api/coach/requests',
    as: 'coach',
    field: 'positions',
    wrong: fc.oneof(fc.integer(), fc.boolean(), hostileString, fc.constant([])),
  },
  {
    method: 'PATCH',
    url: (f) => `/api/coach/requests/${f.requestId}`,
    as: 'coach',
    field: 'positions',
    wrong: fc.oneof(fc.integer(), fc.boolean(), hostileString, fc.constant([])),
  },
  { method: 'POST', url: () => '/api/coach/matches', as: 'coach', field: 'athleteId' },
  { method: 'POST', url: () => '/api/coach/matches/decline', as: 'coach', field: 'athleteId' },
  { method: 'PATCH', url: (f) => `/api/coach/matches/${f.matchId}`, as: 'coach', field: 'status' },
  { method: 'PATCH', url: (f) => `/api/athlete/matches/${f.matchId}`, as: 'athlete', field: 'status' },
  { method: 'POST', url: () => '/api/notifications/read', as: 'athlete', field: 'ids' },
  // An empty map is a valid (no-op) settings update: the wrong values here are never maps.
  {
    method: 'PUT',
    url: () => '/api/notification-settings',
    as: 'athlete',
    field: 'email',
    wrong: fc.oneof(fc.integer(), fc.boolean(), hostileString, fc.constant(null), fc.array(hostileString, { maxLength: 3 })),
  },
  { method: 'POST', url: () => '/api/notifications/unsubscribe', field: 'token' },
  { method: 'POST', url: (f) => `/api/matches/${f.matchId}/messages`, as: 'athlete', field: 'body' },
];

async function fixtures(t: TestApp) {
  const athlete = await createAthlete(t.services, 'Hostile Target', { agency: 'Eture' });
  const coach = await createCoach(t.services);
  const agent = await createSignedInUser(t.services, 'agent', { agency: 'Mae' });
  const requestId = await createRequest(t.services, coach.id);
  const match = await t.services.db
    .insertInto('matches')
    .values({ request_id: requestId, athlete_id: athlete.id, coach_id: coach.id, status: 'pending', status_by: 'coach', shared_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { cookies: { athlete: athlete.cookie, coach: coach.cookie, agent: agent.cookie }, matchId: match.id, requestId };
}

describe('hostile input at every write route', () => {
  let t: TestApp;
  let f: Fixtures;
  beforeAll(async () => {
    t = await createTestApp();
    f = await fixtures(t);
  });
  afterAll(() => t?.close());

  async function snapshot(): Promise<string> {
    const parts: string[] = [];
    for (const table of TABLES) {
      const { rows } = await sql<{
        h: string | null;
      }>`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${sql.table(table)} t`.execute(t.services.db);
      parts.push(`${table}:${rows[0].h}`);
    }
    return parts.join(',');
  }

  async function send(route: WriteRoute, payload: string) {
    return t.app.inject({
      method: route.method,
      url: route.url(f),
      headers: { 'content-type': 'application/json', ...(route.as ? { cookie: f.cookies[route.as] } : {}) },
      payload,
    });
  }

  function expectRefused(res: { statusCode: number; body: string }, label: string) {
    expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, label).toBeLessThan(500);
    const body = JSON.parse(res.body);
    expect(typeof body.message, label).toBe('string');
    expect(body.message.length, label).toBeGreaterThan(0);
    // Internals never reach the client.
    expect(body.message, label).not.toMatch(/\bstack\b|\.ts:\d+|\bSELECT\b|relation "|syntax error at/);
  }

  it.each(ROUTES.map((r) => [`${r.method} ${r.url({ cookies: {}, matchId: ':id', requestId: ':id' } as never)}`, r] as const))(
    '%s refuses random hostile bodies',
    async (_label, route) => {
      const before = await snapshot();
      const bodies = fc.oneof(
        // Not an object at all.
        fc.oneof(hostileString, fc.integer(), fc.constant(null), fc.array(wrongType, { maxLength: 3 })).map((v) => JSON.stringify(v)),
        // An object with hostile keys and the route's key field of a wrong type.
        fc
          .record({
            extra: fc.dictionary(hostileKey, wrongType, { maxKeys: 3 }),
            other: fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(hostileString, wrongType), { maxKeys: 4 }),
            wrong: route.wrong ?? wrongType,
          })
          .map(({ extra, other, wrong }) => {
            const json = JSON.stringify({ ...other, ...extra, [route.field]: wrong });
            return json;
          }),
        // Prototype pollution written as raw JSON (JSON.stringify would drop a real __proto__ key).
        wrongType.map((wrong) => `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"${route.field}":${JSON.stringify(wrong)}}`),
        // Broken JSON.
        fc.constantFrom('{', '{"a":', '[1,2', 'nul', '{"a":1}}', '\u0000'),
      );
      await fc.assert(
        fc.asyncProperty(bodies, async (payload) => {
          const res = await send(route, payload);
          expectRefused(res, payload.slice(0, 120));
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        }),
        { numRuns: 25, seed: 20261121 },
      );
      expect(await snapshot()).toBe(before);
    },
  );

  it('refuses oversized bodies with 413 and a message', async () => {
    const before = await snapshot();
    // Above every route's body limit (profile saves allow two 5 MB images in base64).
    const huge = JSON.stringify({ fullName: 'x'.repeat(17 * 1024 * 1024) });
    for (const route of ROUTES.filter((r) => r.method !== 'PATCH')) {
      const res = await send(route, huge);
      expectRefused(res, route.url(f));
      // Rate-limited routes may already answer 429 for this caller; both refuse before reading.
      expect([413, 429]).toContain(res.statusCode);
    }
    expect(await snapshot()).toBe(before);
  });

  it('refuses broken base64 and non-image photos on profile saves', async () => {
    const before = await snapshot();
    const cases = [
      { profilePhotoBase64: '@@@not base64@@@', profilePhotoMime: 'image/png' },
      { profilePhotoBase64: Buffer.from('<svg onload=alert(1)>').toString('base64'), profilePhotoMime: 'image/png' },
      { profilePhotoBase64: Buffer.from('GIF89a....').toString('base64'), profilePhotoMime: 'image/gif' },
      { profilePhotoBase64: 'iVBORw0KGgo=', profilePhotoMime: 'text/html' },
    ];
    for (const extra of cases) {
      const res = await send(
        { method: 'PUT', url: () => '/api/athlete/profile', as: 'athlete', field: 'fullName' },
        JSON.stringify({ fullName: 'Photo Test', ...extra }),
      );
      expectRefused(res, JSON.stringify(extra).slice(0, 80));
    }
    expect(await snapshot()).toBe(before);
  });

  /**
   * Decision A10: NUL or a lone surrogate anywhere in a stored (or looked-up) text is refused by
   * the schema with a 400 naming that field, before it can reach Postgres (which would fail).
   */
  const unstorable = fc
    .tuple(fc.string({ maxLength: 12 }), fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'), fc.string({ maxLength: 12 }))
    .map(([before, bad, after]) => `${before}${bad}${after}`);
  type TextField = { route: WriteRoute; field: string; value: (bad: string) => unknown; path?: string; message?: string };
  const route = (method: WriteRoute['method'], url: string, as?: WriteRoute['as']): WriteRoute => ({ method, url: () => url, as, field: '' });
  const text = (r: WriteRoute, fields: string[], message?: string): TextField[] => fields.map((field) => ({ route: r, field, value: (bad) => bad, message }));
  const list = (r: WriteRoute, fields: string[]): TextField[] =>
    fields.map((field) => ({ route: r, field, value: (bad) => ['fine', bad], path: `${field}.1` }));
  const athleteProfile = route('PUT', '/api/athlete/profile', 'athlete');
  const coachProfile = route('PUT', '/api/coach/profile', 'coach');
  const coachRegister = route('POST', '/api/coach/register');
  const TEXT_FIELDS: TextField[] = [
    ...text(route('POST', '/api/contact'), ['name', 'message']),
    ...text(route('POST', '/api/contact'), ['email'], 'Enter a valid email'),
    ...text(route('POST', '/api/athlete/send-verification-code'), ['email'], MESSAGES.invalidEmail),
    ...text(route('POST', '/api/coach/send-verification-code'), ['email'], MESSAGES.invalidEmail),
    ...text(route('POST', '/api/athlete/register'), ['fullName']),
    ...text(route('POST', '/api/athlete/register'), ['email'], MESSAGES.invalidEmail),
    ...text(coachRegister, ['programName', 'coachFirstName', 'coachLastName', 'jobTitle', 'phoneNumber', 'preferredFootDefault']),
    ...text(coachRegister, ['email'], MESSAGES.invalidEmail),
    ...text(coachRegister, ['teamWebsite'], MESSAGES.invalidUrl),
    ...list(coachRegister, ['additionalStaff', 'extrasValued', 'rosterNeedPriority']),
    ...text(route('POST', '/api/agent/register'), ['firstName', 'lastName']),
    ...text(route('POST', '/api/agent/register'), ['email'], MESSAGES.invalidEmail),
    ...text(route('POST', '/api/agent/register'), ['agencyUrl'], MESSAGES.invalidUrl),
    ...(['athlete', 'coach', 'agent'] as const).flatMap((role) => text(route('POST', `/api/${role}/login`), ['email'], MESSAGES.invalidEmail)),
    ...text(route('POST', '/api/support-insights/stats'), ['username']),
    ...text(athleteProfile, ['fullName', 'phone', 'nationality', 'leagueLevelLabel']),
    ...text(athleteProfile, ['highlightVideoUrl'], MESSAGES.invalidUrl),
    ...list(athleteProfile, ['playerExtras']),
    { route: athleteProfile, field: 'externalLinks', value: (bad) => [{ platform: bad, url: 'https://example.com' }], path: 'externalLinks.0.platform' },
    {
      route: athleteProfile,
      field: 'externalLinks',
      value: (bad) => [{ platform: 'Hudl', url: `https://example.com/${bad}` }],
      path: 'externalLinks.0.url',
      message: MESSAGES.invalidUrl,
    },
    ...text(coachProfile, ['coachFirstName', 'coachLastName', 'jobTitle', 'phoneNumber', 'preferredFootDefault']),
    ...text(coachProfile, ['teamWebsite'], MESSAGES.invalidUrl),
    ...list(coachProfile, ['additionalStaff', 'extrasValued', 'rosterNeedPriority']),
    ...text(route('POST', '/api/coach/requests', 'coach'), ['notes']),
    ...list(route('POST', '/api/coach/requests', 'coach'), ['playerExtras']),
  ];

  it.each(TEXT_FIELDS.map((f) => [`${f.route.method} ${f.route.url(f as never)} ${f.path ?? f.field}`, f] as const))(
    '%s: NUL and lone surrogates answer 400 naming the field',
    async (_label, { route: r, field, value, path, message }) => {
      const before = await snapshot();
      let n = 0;
      await fc.assert(
        fc.asyncProperty(unstorable, async (bad) => {
          const res = await t.app.inject({
            method: r.method,
            url: r.url(f),
            // A new client address each time: the per-address limits are not what is tested here.
            remoteAddress: `10.77.${Math.floor(n / 250)}.${n++ % 250}`,
            headers: { 'content-type': 'application/json', ...(r.as ? { cookie: f.cookies[r.as] } : {}) },
            payload: JSON.stringify({ [field]: value(bad) }),
          });
          expectRefused(res, JSON.stringify(bad));
          expect(res.statusCode).toBe(400);
          const { errors } = res.json<{ errors: Array<{ path: string; message: string; code: string }> }>();
          expect(errors, res.body).toContainEqual(
            expect.objectContaining({ path: path ?? field, message: message ?? MESSAGES.unstorableText, code: expect.any(String) }),
          );
        }),
        { numRuns: 8, seed: 20261123 },
      );
      expect(await snapshot()).toBe(before);
    },
  );
});
