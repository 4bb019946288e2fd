import { rosterPageSchema } from '@app/domain';
import { refreshBestScores } from '@app/worker/store/match-scores';
import { rosterPage, searchesByAgencyTrigrams } from '@app/worker/store/roster';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { createSignedInUser } from '../support/users.ts';
import { createAthlete, createCoach, createRequest, listedScoreRow } from './matches-fixtures.ts';

/** GET /api/agent/players: the roster searched, filtered, sorted and paged in SQL (issue 18). */
describe('agent roster', () => {
  let t: TestApp;
  let agent: { id: string; cookie: string };
  const ids: Record<string, string> = {};
  let bea: { id: string; cookie: string };
  let beaMatch: string;

  beforeAll(async () => {
    t = await createTestApp();
    agent = await createSignedInUser(t.services, 'agent', { agency: 'Eture' });
    const coach = await createCoach(t.services);
    const requestId = await createRequest(t.services, coach.id, { positions: ['Forward'] });

    // 27 filler athletes so the roster has two pages; names sort after the named ones.
    for (let i = 0; i < 27; i++)
      await createAthlete(t.services, `Zeta Filler ${String(i).padStart(2, '0')}`, { agency: 'Eture', primaryPosition: 'Center Back' });
    ids.ana = (await createAthlete(t.services, 'Ana Núñez', { agency: 'Eture' })).id;
    bea = await createAthlete(t.services, "Bea O'Neill", { agency: 'Eture', primaryPosition: 'Goalkeeper' });
    ids.bea = bea.id;
    ids.carla = (await createAthlete(t.services, 'Carla Ruiz', { agency: 'Eture', completed: false })).id;
    ids.mia = (await createAthlete(t.services, 'Mia Mae', { agency: 'Mae' })).id;
    ids.nora = (await createAthlete(t.services, 'Nora Filler', { agency: 'Mae' })).id;

    // Bea: shared today (news). Ana: shared a month ago (no longer news), and listed for the request.
    const share = async (athleteId: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/coach/matches', headers: { cookie: coach.cookie }, payload: { athleteId, requestId } })).json()
        .id as string;
    beaMatch = await share(ids.bea);
    const anaMatch = await share(ids.ana);
    await t.services.db
      .updateTable('match_events')
      .set({ created_at: new Date(Date.now() - 30 * 86_400_000) })
      .where('match_id', '=', anaMatch)
      .execute();
    // The trail rewritten in place, as no product path does: Ana's stored news time recomputed from it.
    await sql`select refresh_athlete_news(array[${ids.ana}]::uuid[])`.execute(t.services.db);
    await t.services.db
      .insertInto('match_scores')
      .values(listedScoreRow(requestId, ids.ana, 88.5))
      .execute();
    // As the index jobs do once they have written (the roster's best-score sort reads the stored best).
    await refreshBestScores(t.services.db);
  });
  afterAll(() => t?.close());

  const roster = (query = '') => t.app.inject({ method: 'GET', url: `/api/agent/players${query}`, headers: { cookie: agent.cookie } });
  const names = (body: { players: Array<{ fullName: string }> }) => body.players.map((p) => p.fullName);

  it("pages 25 at a time with the total, only the agency's athletes, news first on the first screen", async () => {
    const first = (await roster()).json();
    // Exactly the schema's fields, of the schema's types.
    expect(rosterPageSchema.strict().parse(first)).toEqual(first);
    expect(first.total).toBe(30);
    expect(first.pageSize).toBe(25);
    expect(first.players).toHaveLength(25);
    // Bea has a share from today; Ana's is a month old, so she is in name order after Bea.
    expect(names(first).slice(0, 3)).toEqual(["Bea O'Neill", 'Ana Núñez', 'Carla Ruiz']);
    expect(first.players[0].news).toEqual({ newShares: 1, answered: 0 });
    expect(first.players[1].news).toEqual({ newShares: 0, answered: 0 });
    const second = (await roster('?page=2')).json();
    expect(second.players).toHaveLength(5);
    const all = [...first.players, ...second.players].map((p: { id: string }) => p.id);
    expect(new Set(all).size).toBe(30);
    expect(all).not.toContain(ids.mia);
    // Past the end: an empty page, not an error.
    const past = await roster('?page=9');
    expect(past.statusCode).toBe(200);
    expect(past.json()).toMatchObject({ total: 30, page: 9, players: [] });
  });

  it('searches by name (case and part of a word), parameterised', async () => {
    expect(names((await roster('?q=nú')).json())).toEqual(['Ana Núñez']);
    // Without the accents too (migration 2026-12-07T06-00), by a long search and by a short one.
    expect(names((await roster('?q=NUNEZ')).json())).toEqual(['Ana Núñez']);
    expect(names((await roster('?q=nu')).json())).toEqual(['Ana Núñez']);
    expect(names((await roster(`?q=${encodeURIComponent("o'neill")}`)).json())).toEqual(["Bea O'Neill"]);
    const mae = (await roster('?q=mia')).json();
    expect(mae.total).toBe(0);
    // Four characters or more are found by the agency's trigrams, then each name checked; fewer, by
    // walking the agency's names. Either way only the agency's athletes, the same answer in any case.
    expect([searchesByAgencyTrigrams('fill'), searchesByAgencyTrigrams('fil'), searchesByAgencyTrigrams("o'ne"), searchesByAgencyTrigrams('núñ')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    // Accents, spaces and apostrophes are part of the trigrams: every one of a name holding the search is found.
    for (const q of ['NÚÑEZ', 'a núñez', 'núñ']) expect(names((await roster(`?q=${encodeURIComponent(q)}`)).json())).toEqual(['Ana Núñez']);
    expect(names((await roster(`?q=${encodeURIComponent("bea o'n")}`)).json())).toEqual(["Bea O'Neill"]);
    expect((await roster(`?q=${encodeURIComponent('nez ana')}`)).json().total).toBe(0);
    for (const q of ['filler', 'FILL', 'ler']) {
      const found = (await roster(`?q=${q}&sort=name`)).json();
      expect(found.total).toBe(27);
      expect(found.players.map((p: { id: string }) => p.id)).not.toContain(ids.nora);
      expect(names(found)[0]).toBe('Zeta Filler 00');
    }
  });

  it('pages a trigram search as it pages a walk of the names, in every sort', async () => {
    // 'filler' and 'neill' are found by the agency's trigrams (one statement finds them, then counts
    // and pages them); 'ler' and "o'n" find the same athletes by walking the agency's names.
    expect([searchesByAgencyTrigrams('filler'), searchesByAgencyTrigrams('ler'), searchesByAgencyTrigrams('neill'), searchesByAgencyTrigrams("o'n")]).toEqual([
      true,
      false,
      true,
      false,
    ]);
    const idsOf = (body: { players: Array<{ id: string }> }) => body.players.map((p) => p.id);
    for (const sort of ['news', 'name', 'updated', 'score']) {
      for (const page of [1, 2]) {
        const byTrigrams = (await roster(`?q=filler&sort=${sort}&page=${page}`)).json();
        const byWalk = (await roster(`?q=ler&sort=${sort}&page=${page}`)).json();
        expect(byTrigrams.total).toBe(27);
        expect(byTrigrams.players).toHaveLength(page === 1 ? 25 : 2);
        expect(idsOf(byTrigrams)).toEqual(idsOf(byWalk));
      }
      const withNews = (await roster(`?q=neill&sort=${sort}`)).json();
      expect(withNews).toMatchObject({ total: 1, players: [{ id: ids.bea, news: { newShares: 1, answered: 0 } }] });
      expect(idsOf(withNews)).toEqual(idsOf((await roster(`?q=${encodeURIComponent("o'n")}&sort=${sort}`)).json()));
    }
  });

  it('indexes every trigram of a name under its agency alone, so a search within it is never missed', async () => {
    // agency_name_trigrams (migration 2026-11-26T14-00) on both sides: a name's trigrams hold every
    // trigram of any piece of it, and never one of another agency's.
    const names = fc.string({ unit: fc.constantFrom(..."aábcñ ü'-zé", 'ß', '𝒜'), minLength: 4, maxLength: 24 });
    const cases = fc.sample(
      names.chain((name) => fc.record({ name: fc.constant(name), start: fc.nat({ max: [...name].length - 4 }), length: fc.integer({ min: 3, max: 24 }) })),
      { numRuns: 300, seed: 18 },
    );
    const pieces = cases.map(({ name, start, length }) => [...name].slice(start, start + length).join(''));
    const { rows } = await sql<{ found: boolean; other: boolean }>`
      select agency_name_trigrams('Eture', n.name) @> agency_name_trigrams('Eture', n.piece) as found,
             agency_name_trigrams('Mae', n.name) && agency_name_trigrams('Eture', n.piece) as other
      from unnest(${cases.map((c) => c.name)}::text[], ${pieces}::text[]) as n(name, piece)`.execute(t.services.db);
    expect(rows.every((r) => r.found && !r.other)).toBe(true);
    // The index follows an athlete who changes agency.
    const { id } = await createAthlete(t.services, 'Olga Movedwell', { agency: 'Mae' });
    const movedSearch = () => rosterPage(t.services.db, 'Eture', { q: 'movedwell', sort: 'name', page: 1 });
    expect((await movedSearch()).total).toBe(0);
    await t.services.db.updateTable('athletes').set({ agency: 'Eture' }).where('id', '=', id).execute();
    expect((await movedSearch()).rows.map((r) => r.id)).toEqual([id]);
    await t.services.db.deleteFrom('users').where('id', '=', id).execute();
  });

  it('counts a searched or filtered roster up to its cap, the whole roster exactly', async () => {
    const { db } = t.services;
    // 27 'Zeta Filler' athletes match 'filler'; counted up to a cap of 5, and pages still come full.
    const searched = await rosterPage(db, 'Eture', { q: 'filler', sort: 'name', page: 2 }, 5);
    expect(searched).toMatchObject({ total: 5, totalCapped: true });
    expect(searched.rows).toHaveLength(2);
    expect(await rosterPage(db, 'Eture', { q: 'filler', sort: 'name', page: 1 }, 27)).toMatchObject({ total: 27, totalCapped: false });
    expect(await rosterPage(db, 'Eture', { position: 'Center Back', sort: 'name', page: 1 }, 26)).toMatchObject({ total: 26, totalCapped: true });
    expect(await rosterPage(db, 'Eture', { sort: 'news', page: 1 }, 5)).toMatchObject({ total: 30, totalCapped: false });
    // The API says so only when it happened.
    expect((await roster('?q=filler')).json()).not.toHaveProperty('totalCapped');
  });

  it('filters by position, profile, matches and match status, and sorts by best score', async () => {
    expect(names((await roster('?position=Goalkeeper')).json())).toEqual(["Bea O'Neill"]);
    expect(names((await roster('?profile=incomplete')).json())).toEqual(['Carla Ruiz']);
    expect(names((await roster('?hasMatches=yes&sort=name')).json())).toEqual(['Ana Núñez', "Bea O'Neill"]);
    expect((await roster('?hasMatches=no')).json().total).toBe(28);
    expect(names((await roster('?matchStatus=pending&sort=name')).json())).toEqual(['Ana Núñez', "Bea O'Neill"]);
    expect((await roster('?matchStatus=accepted')).json().total).toBe(0);
    expect((await roster('?league=segunda-rfef')).json().total).toBe(29);
    const byScore = (await roster('?sort=score')).json();
    expect(byScore.players[0]).toMatchObject({ fullName: 'Ana Núñez', bestScore: 88.5, matchCounts: { pending: 1, accepted: 0, declined: 0 } });
    // The athletes with no listed row follow by name; only the agency's, on both pages and searched.
    expect(names(byScore).slice(1, 4)).toEqual(["Bea O'Neill", 'Carla Ruiz', 'Zeta Filler 00']);
    expect(byScore.players.slice(1).every((p: { bestScore: number | null }) => p.bestScore === null)).toBe(true);
    expect(names((await roster('?sort=score&page=2')).json())).toEqual([
      'Zeta Filler 22',
      'Zeta Filler 23',
      'Zeta Filler 24',
      'Zeta Filler 25',
      'Zeta Filler 26',
    ]);
    expect(names((await roster('?sort=score&q=an')).json())).toEqual(['Ana Núñez']);
    expect(names((await roster('?sort=score&q=núñez')).json())).toEqual(['Ana Núñez']);
    expect(names((await roster('?sort=score&position=Forward')).json())).toEqual(['Ana Núñez']);
    // Narrowed by league or profile, the best-score sort walks athlete_best_scores alone (its copies
    // of the athlete's columns), and keeps the same order.
    const byLeague = (await roster('?sort=score&league=segunda-rfef')).json();
    expect(byLeague.total).toBe(29);
    expect(names(byLeague)).toEqual([...names(byScore).filter((name) => name !== 'Carla Ruiz'), 'Zeta Filler 22']);
    expect(names((await roster('?sort=score&league=tercera-rfef')).json())).toEqual([]);
    expect(names((await roster('?sort=score&profile=incomplete')).json())).toEqual(['Carla Ruiz']);
    // A short search with those filters, too: the name is checked on athlete_best_scores' entries.
    const fillersByScore = (await roster('?sort=score&q=ler&league=segunda-rfef&page=2')).json();
    expect(fillersByScore.total).toBe(27);
    expect(names(fillersByScore)).toEqual(['Zeta Filler 25', 'Zeta Filler 26']);
    expect(names((await roster('?sort=score&q=an&position=Forward')).json())).toEqual(['Ana Núñez']);
    expect(names((await roster('?sort=score&q=an&position=Goalkeeper')).json())).toEqual([]);
    expect(names((await roster('?sort=score&q=bea&profile=complete')).json())).toEqual(["Bea O'Neill"]);
    const completeBacks = (await roster('?sort=score&profile=complete&position=Center%20Back&page=2')).json();
    expect(completeBacks.total).toBe(27);
    expect(names(completeBacks)).toEqual(['Zeta Filler 25', 'Zeta Filler 26']);
    const byUpdate = (await roster('?sort=updated')).json();
    expect(byUpdate.players[0].fullName).toBe('Carla Ruiz');
    // By last update, narrowed (the filters' columns are read from that sort's index entries).
    expect(names((await roster('?sort=updated&position=Goalkeeper')).json())).toEqual(["Bea O'Neill"]);
    expect(names((await roster('?sort=updated&q=car&profile=incomplete')).json())).toEqual(['Carla Ruiz']);
    expect(names((await roster('?sort=updated&q=car&profile=complete')).json())).toEqual([]);
    expect((await roster('?sort=updated&league=segunda-rfef&q=ler')).json().total).toBe(27);
  });

  it("leaves out a coach's private decline of a never-shared athlete (M8)", async () => {
    const coach = await createCoach(t.services);
    const requestId = await createRequest(t.services, coach.id, { positions: ['Center Back'] });
    const filler = (await roster('?q=zeta&sort=name')).json().players[0];
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/coach/matches/decline',
      headers: { cookie: coach.cookie },
      payload: { athleteId: filler.id, requestId },
    });
    expect(declined.statusCode).toBeLessThan(300);
    const after = (await roster('?q=zeta&sort=name')).json().players[0];
    expect(after.matchCounts).toEqual({ pending: 0, accepted: 0, declined: 0 });
    expect(names((await roster('?hasMatches=yes&sort=name')).json())).toEqual(['Ana Núñez', "Bea O'Neill"]);
    expect((await roster('?matchStatus=declined')).json().total).toBe(0);
  });

  /** The roster's CSV download for the query, as its lines (checked to be a UTF-8 CSV attachment with a byte order mark). */
  const csv = async (query: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/agent/players/export.csv${query}`, headers: { cookie: agent.cookie, ...headers } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="roster-eture-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    return res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
  };

  it('exports the view on screen as CSV: every page, the filters and the sort, only the agency', async () => {
    const all = await csv('?sort=name&page=2');
    expect(all[0]).toBe(
      'Name,Position,Age,Nationality,League,GPA,Profile,Best score,Matched,Pending,Declined,Start terms,Preferred regions,Highlight video,Last updated,Player page',
    );
    // The whole roster, not the page the screen was on, in the view's order.
    const rows = all.slice(1);
    expect(rows).toHaveLength(30);
    expect(rows.map((r) => r.split(',')[0])).toEqual(names((await roster('?sort=name')).json()).concat(names((await roster('?sort=name&page=2')).json())));
    expect(rows.find((r) => r.startsWith('Ana Núñez,'))).toMatch(/^Ana Núñez,Forward,19,Spain,Segunda RFEF,\d\.\d,Complete,88\.5,0,1,0,/);
    expect(rows.find((r) => r.startsWith('Carla Ruiz,'))).toMatch(/,In progress,,0,0,0,/);
    // Each row ends with a link to the player's page in the app.
    const ana = (await roster('?q=Ana')).json().players[0];
    expect(rows.find((r) => r.startsWith('Ana Núñez,'))!.endsWith(`,http://localhost:80/agent/players/${ana.id}`)).toBe(true);
    expect(all.join('\n')).not.toMatch(/Mia Mae|Nora Filler/);
    expect((await csv('?position=Goalkeeper')).slice(1).map((r) => r.split(',')[0])).toEqual(["Bea O'Neill"]);
    expect((await csv('?q=zzz')).slice(1)).toEqual([]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/agent/players/export.csv?position=Striker', headers: { cookie: agent.cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Unknown position');
    const badLanguage = await t.app.inject({ method: 'GET', url: '/api/agent/players/export.csv?lang=fr', headers: { cookie: agent.cookie } });
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json()).toMatchObject({ message: 'Select an option from the list', code: 'selectFromList' });
  });

  it('exports the roster in Spanish for a Spanish screen: words, semicolons and decimal commas, as Excel in Spanish reads them', async () => {
    const spanish = await csv('?sort=name&lang=es');
    expect(spanish[0]).toBe(
      'Nombre;Posición;Edad;Nacionalidad;Liga;GPA;Perfil;Mejor puntuación;Confirmados;Pendientes;Rechazados;Inicio previsto;Regiones preferidas;Vídeo;Última actualización;Ficha del jugador',
    );
    expect(spanish.find((r) => r.startsWith('Ana Núñez;'))).toMatch(/^Ana Núñez;Delantero;19;Spain;Segunda RFEF;\d,\d;Completo;88,5;0;1;0;/);
    expect(spanish.find((r) => r.startsWith('Carla Ruiz;'))).toMatch(/;En curso;;0;0;0;/);
    expect(spanish).toHaveLength((await csv('?sort=name')).length);
    // Without a language, the browser's: the screen sends its own.
    expect((await csv('?sort=name', { 'accept-language': 'es-ES,es;q=0.9' }))[0]).toMatch(/^Nombre;Posición;/);
    expect((await csv('?sort=name&lang=en', { 'accept-language': 'es-ES' }))[0]).toMatch(/^Name,Position,/);
  });

  it('answers bad input with 400 and a message', async () => {
    for (const [query, message] of [
      ['?position=Striker', 'Unknown position'],
      ['?league=premier', 'Unknown league'],
      ['?sort=age', 'Sort by news, name, updated or score'],
      ['?page=0', 'Pages start at 1'],
      ['?page=abc', 'Page is a whole number'],
      ['?matchStatus=lost', 'Unknown match status'],
      [`?q=${'a'.repeat(61)}`, 'Search is at most 60 characters'],
      ['?q=%25%27%3B%20drop', 'Search by name: letters, spaces, apostrophes, hyphens and dots only'],
    ]) {
      const res = await roster(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });

  it("puts the latest news first, shares and answers counted, and shows an agency none of another's", async () => {
    const coach = await createCoach(t.services);
    const requestId = await createRequest(t.services, coach.id, { positions: ['Center Back'] });
    const filler = (await roster('?q=zeta&sort=name')).json().players[3];
    const shared = await t.app.inject({
      method: 'POST',
      url: '/api/coach/matches',
      headers: { cookie: coach.cookie },
      payload: { athleteId: filler.id, requestId },
    });
    expect(shared.statusCode, shared.body).toBeLessThan(300);
    // Bea answers her share after the filler's was made: her news is now the latest.
    const answered = await t.app.inject({
      method: 'PATCH',
      url: `/api/athlete/matches/${beaMatch}`,
      headers: { cookie: bea.cookie },
      payload: { status: 'accepted' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const first = (await roster()).json();
    expect(first.players.slice(0, 3).map((p: { id: string; news: unknown }) => [p.id, p.news])).toEqual([
      [ids.bea, { newShares: 1, answered: 1 }],
      [filler.id, { newShares: 1, answered: 0 }],
      [ids.ana, { newShares: 0, answered: 0 }],
    ]);
    const maeAgent = await createSignedInUser(t.services, 'agent', { agency: 'Mae' });
    const mae = (await t.app.inject({ method: 'GET', url: '/api/agent/players', headers: { cookie: maeAgent.cookie } })).json();
    expect(mae.players.map((p: { id: string; news: unknown }) => [p.id, p.news])).toEqual([
      [ids.mia, { newShares: 0, answered: 0 }],
      [ids.nora, { newShares: 0, answered: 0 }],
    ]);
  });

  it("keeps each athlete's news time in step with the trail: shares, answers, a rename, a deleted request, another agency", async () => {
    const { db } = t.services;
    const newsAgent = await createSignedInUser(t.services, 'agent', { agency: 'Newsline' });
    const otherAgent = await createSignedInUser(t.services, 'agent', { agency: 'Otherline' });
    const x = await createAthlete(t.services, 'Xenia Alba', { agency: 'Newsline' });
    const y = await createAthlete(t.services, 'Yara Bosch', { agency: 'Newsline' });
    const z = await createAthlete(t.services, 'Zoe Costa', { agency: 'Newsline' });
    const coach = await createCoach(t.services);
    const [first, second] = [await createRequest(t.services, coach.id), await createRequest(t.services, coach.id)];
    const share = async (athleteId: string, requestId: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/coach/matches', headers: { cookie: coach.cookie }, payload: { athleteId, requestId } });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json().id as string;
    };
    const screen = async (who = newsAgent) =>
      (await t.app.inject({ method: 'GET', url: '/api/agent/players', headers: { cookie: who.cookie } }))
        .json()
        .players.map((p: { fullName: string; news: { newShares: number; answered: number } }) => [p.fullName, p.news.newShares, p.news.answered]);
    const stored = async () =>
      new Map(
        (await sql<{ athlete_id: string; news_at: Date }>`select athlete_id, news_at from athlete_news`.execute(db)).rows.map((r) => [r.athlete_id, r.news_at]),
      );

    expect(await screen()).toEqual([
      ['Xenia Alba', 0, 0],
      ['Yara Bosch', 0, 0],
      ['Zoe Costa', 0, 0],
    ]);
    await share(z.id, first);
    const yMatch = await share(y.id, second);
    await share(y.id, first);
    // The latest news first: Yara (two shares), then Zoe; Xenia has none.
    expect(await screen()).toEqual([
      ['Yara Bosch', 2, 0],
      ['Zoe Costa', 1, 0],
      ['Xenia Alba', 0, 0],
    ]);
    // Zoe answers: her news is now the latest.
    const zMatch = (await db.selectFrom('matches').select('id').where('athlete_id', '=', z.id).executeTakeFirstOrThrow()).id;
    const answered = await t.app.inject({
      method: 'PATCH',
      url: `/api/athlete/matches/${zMatch}`,
      headers: { cookie: z.cookie },
      payload: { status: 'declined' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect((await screen()).slice(0, 2)).toEqual([
      ['Zoe Costa', 1, 1],
      ['Yara Bosch', 2, 0],
    ]);
    // A short search's first screen tests the name stored with the news: it follows a rename.
    const searched = async (q: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/agent/players?q=${q}`, headers: { cookie: newsAgent.cookie } }))
        .json()
        .players.map((p: { fullName: string; news: { newShares: number; answered: number } }) => [p.fullName, p.news.newShares, p.news.answered]);
    const rename = (fullName: string) =>
      db
        .updateTable('athletes')
        .set({ full_name: fullName, profile: sql`profile || jsonb_build_object('fullName', ${fullName}::text)` })
        .where('id', '=', z.id)
        .execute();
    expect(await searched('os')).toEqual([
      ['Zoe Costa', 1, 1],
      ['Yara Bosch', 2, 0],
    ]);
    await rename('Zoe Rivas');
    expect(await searched('os')).toEqual([['Yara Bosch', 2, 0]]);
    expect(await searched('IV')).toEqual([['Zoe Rivas', 1, 1]]);
    await rename('Zoe Costa');
    const before = await stored();
    // The second request deleted: its share is nobody's news any more; Yara's news is the first request's share alone.
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/coach/requests/${second}`, headers: { cookie: coach.cookie } });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await screen()).slice(0, 2)).toEqual([
      ['Zoe Costa', 1, 1],
      ['Yara Bosch', 1, 0],
    ]);
    const yFirstShare = await db
      .selectFrom('match_events as e')
      .innerJoin('matches as m', 'm.id', 'e.match_id')
      .select('e.created_at')
      .where('m.athlete_id', '=', y.id)
      .where('m.request_id', '=', first)
      .executeTakeFirstOrThrow();
    expect((await stored()).get(y.id)).toEqual(yFirstShare.created_at);
    expect((await stored()).get(z.id)).toEqual(before.get(z.id));
    expect(await db.selectFrom('matches').select('id').where('id', '=', yMatch).executeTakeFirst()).toBeDefined();
    // Zoe moves to another agency: her news goes with her.
    await db.updateTable('athletes').set({ agency: 'Otherline' }).where('id', '=', z.id).execute();
    expect(await screen()).toEqual([
      ['Yara Bosch', 1, 0],
      ['Xenia Alba', 0, 0],
    ]);
    expect(await screen(otherAgent)).toEqual([['Zoe Costa', 1, 1]]);
    // The coach's account deleted, and with it every request and match: no news left.
    await db.deleteFrom('users').where('id', '=', coach.id).execute();
    expect(await screen()).toEqual([
      ['Xenia Alba', 0, 0],
      ['Yara Bosch', 0, 0],
    ]);
    const left = await stored();
    expect([left.has(x.id), left.has(y.id), left.has(z.id)]).toEqual([false, false, false]);
  });

  it('narrows to athletes with shared matches (of a status) in every sort, searched and paged, as the whole roster orders them', async () => {
    const matchAgent = await createSignedInUser(t.services, 'agent', { agency: 'Matchline' });
    const coach = await createCoach(t.services);
    const [first, second] = [await createRequest(t.services, coach.id), await createRequest(t.services, coach.id)];
    const athletes = [];
    for (let i = 0; i < 31; i++)
      athletes.push(await createAthlete(t.services, `Marta Match ${String.fromCharCode(65 + Math.floor(i / 10), 97 + (i % 10))}`, { agency: 'Matchline' }));
    const move = async (method: 'POST' | 'PATCH', url: string, cookie: string, payload: object) => {
      const res = await t.app.inject({ method, url, headers: { cookie }, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    // Shared with 28 of them (two on both requests); three of those accept one; 3 never shared.
    for (const [i, athlete] of athletes.slice(0, 28).entries()) {
      const { id } = await move('POST', '/api/coach/matches', coach.cookie, { athleteId: athlete.id, requestId: first });
      if (i % 10 === 5) await move('PATCH', `/api/athlete/matches/${id}`, athlete.cookie, { status: 'accepted' });
      if (i >= 26) await move('POST', '/api/coach/matches', coach.cookie, { athleteId: athlete.id, requestId: second });
    }
    type Player = { fullName: string; matchCounts: { accepted: number; pending: number; declined: number } };
    const read = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/agent/players?${query}`, headers: { cookie: matchAgent.cookie } })).json<{
        total: number;
        players: Player[];
      }>();
    const everyPage = async (query: string) => [...(await read(`${query}&page=1`)).players, ...(await read(`${query}&page=2`)).players];
    for (const sort of ['news', 'name', 'updated', 'score']) {
      const whole = await everyPage(`sort=${sort}`);
      expect(whole).toHaveLength(31);
      for (const [filter, keeps] of [
        ['hasMatches=yes', (p: Player) => p.matchCounts.accepted + p.matchCounts.pending > 0],
        ['matchStatus=accepted', (p: Player) => p.matchCounts.accepted > 0],
        ['matchStatus=pending&q=match%20b', (p: Player) => p.matchCounts.pending > 0 && p.fullName.includes('Match B')],
        ['matchStatus=pending&q=ma', (p: Player) => p.matchCounts.pending > 0],
      ] as const) {
        const expected = whole.filter(keeps).map((p) => p.fullName);
        expect(expected.length).toBeGreaterThan(0);
        const firstPage = await read(`sort=${sort}&${filter}`);
        expect(firstPage.total, `${sort} ${filter}`).toBe(expected.length);
        expect(
          (await everyPage(`sort=${sort}&${filter}`)).map((p) => p.fullName),
          `${sort} ${filter}`,
        ).toEqual(expected);
      }
      expect((await read(`sort=${sort}&hasMatches=yes&page=3`)).players).toEqual([]);
      expect((await read(`sort=${sort}&matchStatus=declined`)).total).toBe(0);
    }
  });

  it('answers 404 to an agent session whose agent profile is gone', async () => {
    const orphan = await createSignedInUser(t.services, 'agent', { agency: 'Gone' });
    await t.services.db.deleteFrom('agents').where('id', '=', orphan.id).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/agent/players', headers: { cookie: orphan.cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Agent profile not found');
  });
});
