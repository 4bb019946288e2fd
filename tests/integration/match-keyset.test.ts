import { PAGE_CURSOR_MESSAGES, type RequestMatchesPage } from '@app/domain';
import { indexRequest } from '@app/worker';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createAthlete, createCoach, createRequest } from './matches-fixtures.ts';

/**
 * Keyset paging of a request's ranked list (issue 22): `after=nextCursor` walks a view page by
 * page in the order of one big page, every listed athlete exactly once, with filters too; the
 * rank key's timestamp is compared to the microsecond; a cursor that is not the API's, or is
 * another view's, is refused.
 */
describe('ranked list: keyset paging', () => {
  let t: TestApp;
  let coach: { id: string; cookie: string };
  let requestId: string;
  const athletes: string[] = [];
  const ATHLETES = 30;

  beforeAll(async () => {
    t = await createTestApp();
    coach = await createCoach(t.services);
    for (let i = 0; i < ATHLETES; i++)
      athletes.push((await createAthlete(t.services, `Player ${String(i).padStart(2, '0')}`, { nationality: i % 3 === 0 ? 'France' : 'Spain' })).id);
    requestId = await createRequest(t.services, coach.id);
    await indexRequest(t.services.db, { entityId: requestId });
    // The list's sort keys, written straight into the index: a long run of equal scores whose
    // athlete_updated_at shares its millisecond (12 differ in microseconds only, 8 are equal to the
    // microsecond and ordered by id alone), then distinct scores; and every position tier.
    for (const [i, id] of athletes.entries()) {
      const score = i < 20 ? 80 : 100 - (i - 20);
      const micros = i < 12 ? String(123999 - i * 7).padStart(6, '0') : i < 20 ? '123500' : '000000';
      const tier = i % 4;
      await t.services.db
        .updateTable('match_scores')
        .set({
          score,
          athlete_updated_at: `2026-03-01 10:00:00.${micros}+00`,
          position_match: tier < 2 ? 'primary' : tier === 2 ? 'secondary' : null,
          position_exact: tier === 0,
        })
        .where('request_id', '=', requestId)
        .where('athlete_id', '=', id)
        .execute();
    }
  });
  afterAll(() => t?.close());

  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/coach/requests/${requestId}/matches?${query}`, headers: { cookie: coach.cookie } });
  const page = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode, query).toBe(200);
    return res.json<RequestMatchesPage>();
  };
  const ids = (p: RequestMatchesPage) => p.matches.map((m) => m.athlete.id);

  /** Every page of a view after `first`, by `after=nextCursor`: the ids in order and the pages. */
  async function walk(query: string, limit: number) {
    const pages = [await page(`${query}&limit=${limit}`)];
    while (pages.at(-1)!.nextCursor !== null) pages.push(await page(`${query}&limit=${limit}&after=${pages.at(-1)!.nextCursor}`));
    return { ids: pages.flatMap(ids), pages };
  }

  it('has the ties the test is about', async () => {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from match_scores where request_id = ${requestId} and score = 80
      and date_trunc('milliseconds', athlete_updated_at) = '2026-03-01 10:00:00.123+00'`.execute(t.services.db);
    expect(Number(rows[0].n)).toBe(20);
  });

  it.each(['all', 'position'] as const)('walks the %s view by cursor: every athlete once, in the order of one big page', async (view) => {
    const whole = await page(`view=${view}&limit=200`);
    expect(whole.total).toBe(ATHLETES);
    expect(whole.nextCursor).toBeNull();
    expect(new Set(ids(whole))).toEqual(new Set(athletes));
    for (const limit of [1, 3, 7]) {
      const { ids: walked, pages } = await walk(`view=${view}`, limit);
      expect(walked, `limit ${limit}`).toEqual(ids(whole));
      // Each page says how many athletes come before it (the cursor carries the last row's rank).
      expect(pages.map((p) => p.offset)).toEqual(pages.map((_, k) => k * limit));
      expect(pages.map((p) => p.hasMore)).toEqual(pages.map((_, k) => k < pages.length - 1));
      expect(pages.every((p) => p.total === ATHLETES && p.limit === limit)).toBe(true);
    }
    // The position view's order crosses tiers (the score falls back within each one).
    if (view === 'position') expect(ids(whole)).not.toEqual(ids(await page('view=all&limit=200')));
  });

  it.each(['all', 'position'] as const)('combines a filter with the cursor (%s)', async (view) => {
    const whole = ids(await page(`view=${view}&nationality=spain&limit=200`));
    expect(whole).toHaveLength(20);
    expect((await walk(`view=${view}&nationality=spain`, 3)).ids).toEqual(whole);
  });

  it.each(['all', 'position'] as const)('exports the %s view in the list order, every athlete once', async (view) => {
    const whole = (await page(`view=${view}&limit=200`)).matches.map((m) => m.athlete.name);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/coach/requests/${requestId}/matches/export.csv?view=${view}`,
      headers: { cookie: coach.cookie },
    });
    expect(res.statusCode).toBe(200);
    const rows = res.body.trimEnd().split('\r\n').slice(1);
    expect(rows.map((line) => line.split(',').slice(0, 2))).toEqual(whole.map((name, i) => [String(i + 1), name]));
  });

  it('gives top15 no cursor, and offset paging still works beside it', async () => {
    const top = await page('view=top15');
    expect(top).toMatchObject({ hasMore: true, nextCursor: null });
    const whole = ids(await page('view=all&limit=200'));
    const second = await page('view=all&limit=5&offset=5');
    expect(ids(second)).toEqual(whole.slice(5, 10));
    expect(second.nextCursor).not.toBeNull();
    // An offset page's cursor continues after it; offset=0 beside a cursor is the default, accepted.
    expect(ids(await page(`view=all&limit=5&offset=0&after=${second.nextCursor}`))).toEqual(whole.slice(10, 15));
  });

  it('refuses a malformed, tampered or other view cursor with 400 and a coded message, and changes nothing', async () => {
    const before = ids(await page('view=all&limit=200'));
    const { nextCursor } = await page('view=all&limit=4');
    const { nextCursor: positionCursor } = await page('view=position&limit=4');
    const json = JSON.parse(Buffer.from(nextCursor!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const encode = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
    const invalid = [
      'not-a-cursor',
      '',
      encode('{"v":"all"'),
      encode({ ...json, s: 'high' }),
      encode({ ...json, u: 1.5 }),
      encode({ ...json, i: "x' or 1=1 --" }),
      encode({ ...json, t: 0 }), // a tier in an 'all' cursor
      encode({ ...json, extra: 1 }),
      encode({ i: json.i, s: json.s, u: json.u, r: json.r, v: json.v }), // not the API's own text
      `${nextCursor}=`,
    ];
    for (const after of invalid) {
      const res = await get(`view=all&after=${encodeURIComponent(after)}`);
      expect(res.statusCode, after).toBe(400);
      expect(res.json(), after).toMatchObject({ message: PAGE_CURSOR_MESSAGES.invalid, code: 'listCursorInvalid' });
    }
    for (const [view, after] of [
      ['position', nextCursor!],
      ['all', positionCursor!],
      ['top15', nextCursor!],
    ]) {
      const res = await get(`view=${view}&after=${after}`);
      expect(res.statusCode, view).toBe(400);
      expect(res.json()).toMatchObject({ message: PAGE_CURSOR_MESSAGES.otherView, code: 'listCursorOtherView' });
    }
    const both = await get(`view=all&offset=4&after=${nextCursor}`);
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ message: PAGE_CURSOR_MESSAGES.withOffset, code: 'listCursorWithOffset' });
    const long = await get(`view=all&after=${'a'.repeat(300)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'tooLong', values: { max: 256 } });
    // A cursor is read, never trusted: no refused one changed the list.
    expect(ids(await page('view=all&limit=200'))).toEqual(before);
  });

  it('answers an empty last page once the cursor is past the end of the list', async () => {
    const whole = ids(await page('view=all&limit=200'));
    const head = await page(`view=all&limit=${ATHLETES - 1}`);
    expect(head.hasMore).toBe(true);
    // The last athlete leaves the list: the cursor of the row before it now points past the end.
    await t.services.db.deleteFrom('match_scores').where('request_id', '=', requestId).where('athlete_id', '=', whole.at(-1)!).execute();
    const past = await page(`view=all&limit=5&after=${head.nextCursor}`);
    expect(past).toMatchObject({ matches: [], hasMore: false, nextCursor: null, offset: ATHLETES - 1, total: ATHLETES - 1 });
  });
});
