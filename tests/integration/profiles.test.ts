import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { COMPLETE_ATHLETE_PROFILE } from '../support/fixtures.ts';
import { createSignedInUser } from '../support/users.ts';
import * as budgetMigration from '../../migrations/2026-11-23T15-00_budget-never-chosen.ts';

/** A 1x1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** A real 4x4 WebP (uploads are decoded, so a header alone no longer passes). */
const WEBP_BASE64 = (
  await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a7' } })
    .webp()
    .toBuffer()
).toString('base64');

/** Every field of the athlete profile form, valid and complete (spec section 3). */
const COMPLETE_PROFILE = {
  ...COMPLETE_ATHLETE_PROFILE,
  gpa: 3.4,
  intendedMajors: ['Business Administration', 'Economics'],
  satScore: 1320,
  toeflScore: 101,
  targetStartTerms: ['Fall 2026', 'Spring 2027'],
  secondaryPosition: 'Right Winger',
  heightCm: 170.2,
  heightFeet: 5,
  heightInches: 7,
  weightLbs: 136.7,
  goalsAssistsLastSeason: 14,
  playerExtras: ['Team captain', 'Regional team'],
  externalLinks: [
    { platform: 'Transfermarkt', url: 'https://www.transfermarkt.com/lucia' },
    { platform: 'Instagram', url: 'https://instagram.com/lucia' },
  ],
  preferredUsRegions: ['Northeast', 'West Coast'],
  agency: 'Global College',
  schoolSizePreference: 'Medium',
  isTransfer: false,
  autoAcceptMatches: true,
};

describe('athlete profile: GET /api/athlete/dashboard, PUT /api/athlete/profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const put = (cookie: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/athlete/profile', headers: { cookie }, payload: payload as object });
  const dashboard = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/athlete/dashboard', headers: { cookie } });
  const settled = async () => {
    await t.services.outbox.drain();
    await t.services.queue.whenIdle();
  };
  const row = (id: string) => t.services.db.selectFrom('athletes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  // published_at moves as the relay runs; what a write records is the kind and the version.
  const outboxRows = (id: string) => t.services.db.selectFrom('outbox').select(['id', 'kind', 'version']).where('entity_id', '=', id).orderBy('id').execute();

  it('round-trips every field, and derives the label, GPA and the other units', async () => {
    const athlete = await createSignedInUser(t.services, 'athlete', { email: 'lucia@example.com', fullName: 'Lucia P' });
    const res = await put(athlete.cookie, COMPLETE_PROFILE);
    expect(res.statusCode).toBe(200);

    const read = await dashboard(athlete.cookie);
    expect(read.statusCode).toBe(200);
    const body = read.json();
    expect(body).toMatchObject({
      ...COMPLETE_PROFILE,
      id: athlete.id,
      email: 'lucia@example.com',
      leagueLevelLabel: 'Segunda RFEF',
      profileCompleted: true,
      profilePhotoUrl: null,
    });
    expect(new Date(body.createdAt).getTime()).toBeLessThanOrEqual(new Date(body.updatedAt).getTime());
    expect(res.json()).toEqual(body);

    // Indexed columns follow the profile.
    expect(await row(athlete.id)).toMatchObject({
      full_name: 'Lucía Pérez',
      agency: 'Global College',
      gender: 'female',
      age: 19,
      is_transfer: false,
      primary_position: 'Forward',
      secondary_position: 'Right Winger',
      auto_accept_matches: true,
      profile_completed: true,
      version: '2',
    });
  });

  it('converts what the athlete gave in one unit or scale', async () => {
    const athlete = await createSignedInUser(t.services, 'athlete');
    const res = await put(athlete.cookie, {
      gradingScale: 'twenty-point',
      academicStanding: 15,
      heightFeet: 6,
      heightInches: 1,
      weightLbs: 160,
      leagueLevel: 'Tercera RFEF',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      gpa: 3,
      heightCm: 185.4,
      weightKg: 72.6,
      leagueLevel: 'tercera-rfef',
      leagueLevelLabel: 'Tercera RFEF',
      profileCompleted: false,
    });
  });

  it('sets profileCompleted exactly when the required fields are all present and valid', async () => {
    const athlete = await createSignedInUser(t.services, 'athlete');
    const { preferredUsRegions: _regions, ...withoutRegions } = COMPLETE_PROFILE;
    expect((await put(athlete.cookie, withoutRegions)).json().profileCompleted).toBe(false);
    expect((await put(athlete.cookie, COMPLETE_PROFILE)).json().profileCompleted).toBe(true);
    // Custom scale without a GPA: incomplete again.
    const { gpa: _gpa, ...noGpa } = COMPLETE_PROFILE;
    expect((await put(athlete.cookie, { ...noGpa, gradingScale: 'custom' })).json().profileCompleted).toBe(false);
    expect((await put(athlete.cookie, { ...COMPLETE_PROFILE, gradingScale: 'custom', gpa: 3.1 })).json()).toMatchObject({ profileCompleted: true, gpa: 3.1 });
    expect((await row(athlete.id)).profile_completed).toBe(true);
    for (const missing of [
      'fullName',
      'age',
      'phone',
      'nationality',
      'englishLevel',
      'primaryPosition',
      'leagueLevel',
      'agency',
      'intendedMajors',
      'targetStartTerms',
    ]) {
      const { [missing]: _dropped, ...rest } = COMPLETE_PROFILE as Record<string, unknown>;
      const res = await put(athlete.cookie, rest);
      expect(res.statusCode, missing).toBe(200);
      expect(res.json().profileCompleted, missing).toBe(false);
    }
  });

  it.each([
    [{ age: 9 }, 'Minimum age is 10'],
    [{ age: 41 }, 'Maximum age is 40'],
    [{ englishLevel: 'fluent' }, 'Select your English level'],
    [{ gradingScale: 'ten-point', academicStanding: 11 }, 'Maximum is 10'],
    [{ gradingScale: 'hundred-point', academicStanding: -1 }, 'Minimum is 0'],
    [{ gradingScale: 'custom', gpa: 4.5 }, 'Maximum is 4.0'],
    [{ gradingScale: 'custom', gpa: -0.5 }, 'Minimum is 0.0'],
    [{ leagueLevel: 'premier-league' }, 'Select the league you currently play in'],
    [{ highlightVideoUrl: 'javascript:alert(1)' }, 'Enter a valid URL (https://…)'],
    [{ agency: 'Somebody Else' }, 'Select your agency'],
    [{ profilePhotoBase64: PNG_BASE64 }, 'Unable to read image'],
  ])('refuses %j with the spec message and changes nothing', async (change, message) => {
    const athlete = await createSignedInUser(t.services, 'athlete');
    await put(athlete.cookie, COMPLETE_PROFILE);
    await settled(); // the index's own bookkeeping (indexed_version) is written after the save
    const before = await row(athlete.id);
    const outboxBefore = await outboxRows(athlete.id);
    const res = await put(athlete.cookie, { ...COMPLETE_PROFILE, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await row(athlete.id)).toEqual(before);
    expect(await outboxRows(athlete.id)).toEqual(outboxBefore);
  });

  it('refuses fields the server owns', async () => {
    const athlete = await createSignedInUser(t.services, 'athlete');
    const res = await put(athlete.cookie, { fullName: 'X', profileCompleted: true });
    expect(res.statusCode).toBe(400);
    expect((await row(athlete.id)).profile_completed).toBe(false);
  });

  it('stores a photo checked by content, re-encoded, and serves it with long cache headers', async () => {
    const athlete = await createSignedInUser(t.services, 'athlete');
    // Declared as JPEG, but the bytes are PNG: the bytes decide.
    const res = await put(athlete.cookie, { ...COMPLETE_PROFILE, profilePhotoBase64: PNG_BASE64, profilePhotoMime: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const photoPath: string = res.json().profilePhotoUrl;
    expect(photoPath).toMatch(/^media\/[0-9a-f-]{36}$/);
    expect(res.json()).not.toHaveProperty('profilePhotoBase64');

    const image = await t.app.inject({ method: 'GET', url: `/api/${photoPath}` });
    expect(image.statusCode).toBe(200);
    // Stored re-encoded as WebP (decision P3), never smaller images enlarged.
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1, height: 1 });
    const thumbnail = await t.app.inject({ method: 'GET', url: `/api/${photoPath}/thumb` });
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 96, height: 96 });
    // The session carries it, so the top bar's avatar shows the photo.
    const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/validate-token', headers: { cookie } });
    expect((await session(athlete.cookie)).json().user).toMatchObject({ id: athlete.id, profilePhotoUrl: photoPath });
    const noPhoto = await createSignedInUser(t.services, 'athlete');
    expect((await session(noPhoto.cookie)).json().user).not.toHaveProperty('profilePhotoUrl');

    // Saving without a new photo keeps it; a new one replaces it and the old one is gone.
    expect((await put(athlete.cookie, COMPLETE_PROFILE)).json().profilePhotoUrl).toBe(photoPath);
    const replaced = await put(athlete.cookie, { ...COMPLETE_PROFILE, profilePhotoBase64: WEBP_BASE64, profilePhotoMime: 'image/webp' });
    const newPath = replaced.json().profilePhotoUrl;
    expect(newPath).not.toBe(photoPath);
    expect((await t.app.inject({ method: 'GET', url: `/api/${newPath}` })).headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ method: 'GET', url: `/api/${photoPath}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/${photoPath}/thumb` })).statusCode).toBe(404);
  });

  it('refuses an image over 5 MB or one that is not an image, storing nothing', async () => {
    const athlete = await createSignedInUser(t.services, 'athlete');
    const countImages = async () =>
      Number(
        (
          await t.services.db
            .selectFrom('images')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countImages();
    const png = Buffer.from(PNG_BASE64, 'base64');
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)]);
    const tooBig = await put(athlete.cookie, { fullName: 'A', profilePhotoBase64: big.toString('base64'), profilePhotoMime: 'image/png' });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('Image must be 5MB or less');

    const text = await put(athlete.cookie, {
      fullName: 'A',
      profilePhotoBase64: Buffer.from('<svg onload=alert(1)>').toString('base64'),
      profilePhotoMime: 'image/png',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Unable to read image');

    const garbage = await put(athlete.cookie, { fullName: 'A', profilePhotoBase64: '%%%not base64%%%', profilePhotoMime: 'image/png' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe('Unable to read image');

    const gif = await put(athlete.cookie, { fullName: 'A', profilePhotoBase64: PNG_BASE64, profilePhotoMime: 'image/gif' });
    expect(gif.statusCode).toBe(400);
    expect(gif.json().message).toBe('Unable to read image');

    expect(await countImages()).toBe(before);
    expect((await row(athlete.id)).version).toBe('1');
  });

  it('records one outbox row per save with the new version, and none for a failed save', async () => {
    const athlete = await createSignedInUser(t.services, 'athlete');
    expect(await outboxRows(athlete.id)).toEqual([]);
    await put(athlete.cookie, COMPLETE_PROFILE);
    await put(athlete.cookie, { ...COMPLETE_PROFILE, age: 20 });
    await put(athlete.cookie, { ...COMPLETE_PROFILE, age: 200 });
    const rows = await outboxRows(athlete.id);
    expect(rows.map((r) => [r.kind, r.version])).toEqual([
      ['athlete', '2'],
      ['athlete', '3'],
    ]);
    expect((await row(athlete.id)).version).toBe('3');
  });

  it('S15: a profile saved without a budget stores none; a stored 0 nobody chose becomes "not set" and is asked about once', async () => {
    const { estimatedBudget: _budget, ...withoutBudget } = COMPLETE_PROFILE;
    const fresh = await createSignedInUser(t.services, 'athlete');
    expect((await put(fresh.cookie, withoutBudget)).statusCode).toBe(200);
    expect((await row(fresh.id)).profile).not.toHaveProperty('estimatedBudget');
    expect((await dashboard(fresh.cookie)).json()).toMatchObject({ profileCompleted: true });
    expect((await dashboard(fresh.cookie)).json()).not.toHaveProperty('budgetUnconfirmed');

    // Profiles saved by the old slider (which started at 0) before the migration.
    const legacy = await createSignedInUser(t.services, 'athlete');
    const chosen = await createSignedInUser(t.services, 'athlete');
    await put(legacy.cookie, { ...COMPLETE_PROFILE, estimatedBudget: 0 });
    await put(chosen.cookie, COMPLETE_PROFILE);
    const versionBefore = (await row(legacy.id)).version;
    await budgetMigration.up(t.services.db);

    const legacyView = (await dashboard(legacy.cookie)).json();
    expect(legacyView).not.toHaveProperty('estimatedBudget');
    expect(legacyView).toMatchObject({ budgetUnconfirmed: true, profileCompleted: true });
    // Scores are unchanged (S9: 0 and unknown are the same), so nothing is rescored.
    expect((await row(legacy.id)).version).toBe(versionBefore);
    expect((await dashboard(chosen.cookie)).json()).toMatchObject({ estimatedBudget: 25000 });
    expect((await dashboard(chosen.cookie)).json()).not.toHaveProperty('budgetUnconfirmed');

    // "Not now" removes the prompt for good; the budget stays unset.
    const dismiss = (cookie?: string) => t.app.inject({ method: 'POST', url: '/api/athlete/budget-prompt/dismiss', headers: cookie ? { cookie } : {} });
    expect((await dismiss(legacy.cookie)).statusCode).toBe(204);
    const afterDismiss = (await dashboard(legacy.cookie)).json();
    expect(afterDismiss).not.toHaveProperty('budgetUnconfirmed');
    expect(afterDismiss).not.toHaveProperty('estimatedBudget');

    // A save replaces the profile, so it clears the prompt too; the marker cannot be sent.
    await budgetMigration.down(t.services.db);
    await budgetMigration.up(t.services.db);
    expect((await put(legacy.cookie, { ...COMPLETE_PROFILE, budgetUnconfirmed: false })).statusCode).toBe(400);
    expect((await put(legacy.cookie, { ...COMPLETE_PROFILE, estimatedBudget: 0 })).statusCode).toBe(200);
    expect((await dashboard(legacy.cookie)).json()).toMatchObject({ estimatedBudget: 0 });
    expect((await dashboard(legacy.cookie)).json()).not.toHaveProperty('budgetUnconfirmed');

    expect((await dismiss()).statusCode).toBe(401);
    const coach = await createSignedInUser(t.services, 'coach');
    expect((await dismiss(coach.cookie)).statusCode).toBe(403);
  });

  it('answers 401 without a session and 403 for other roles', async () => {
    const coach = await createSignedInUser(t.services, 'coach');
    const agent = await createSignedInUser(t.services, 'agent', { agency: 'Mae' });
    expect((await t.app.inject({ method: 'GET', url: '/api/athlete/dashboard' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/athlete/profile', payload: COMPLETE_PROFILE })).statusCode).toBe(401);
    for (const user of [coach, agent]) {
      expect((await dashboard(user.cookie)).statusCode).toBe(403);
      expect((await put(user.cookie, COMPLETE_PROFILE)).statusCode).toBe(403);
    }
  });
});

describe('coach profile, dashboard and athlete view', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const REGISTERED = {
    programName: 'Northfield University',
    division: 'NCAA Division II',
    programRegion: 'Northeast',
    schoolSize: 'Medium 5-15k',
    minimumGpa: 2.8,
    sports: ['Soccer'],
    coachFirstName: 'Dana',
    coachLastName: 'Reyes',
    jobTitle: 'Head Coach',
    phoneNumber: '+1 555 0100',
    preferredContactMethod: 'Email',
    consentedAt: '2026-01-01T00:00:00.000Z',
  };
  const EDIT = {
    coachFirstName: 'Dana',
    coachLastName: 'Reyes-Smith',
    jobTitle: 'Associate Head Coach',
    phoneNumber: '+1 555 0199',
    preferredContactMethod: 'Phone',
    division: 'NCAA Division I',
    sports: ['Soccer'],
    teamWebsite: 'https://northfield.edu/soccer',
    yearsInRole: 6,
    athleteEligibility: ['High School Seniors', 'Transfers'],
    additionalStaff: ['Sam Lee', 'Kim Ortiz'],
    minimumGpa: 3,
    englishToefl: 80,
    englishIelts: 6.5,
    estimatedCostBand: '$15,000 - $30,000',
    targetLeagueLevels: ['segunda-rfef', 'tercera-rfef'],
    preferredFootDefault: 'Left',
    extrasValued: ['Team captain'],
    rosterNeedPriority: ['Forward', 'Goalkeeper'],
    targetStartTerms: ['Fall 2026'],
    jucoOpenDefault: true,
    programRegion: 'West',
    schoolSize: 'Large 15-30k',
  };

  async function registeredCoach() {
    const coach = await createSignedInUser(t.services, 'coach', { firstName: 'Dana', lastName: 'Reyes' });
    await t.services.db
      .updateTable('coaches')
      .set({ profile: JSON.stringify({ ...REGISTERED, email: coach.email }) })
      .where('id', '=', coach.id)
      .execute();
    return coach;
  }
  const getProfile = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/coach/profile', headers: { cookie } });
  const putProfile = (cookie: string, payload: object) => t.app.inject({ method: 'PUT', url: '/api/coach/profile', headers: { cookie }, payload });

  it('reads the registered profile and saves every editable field; the program name stays locked', async () => {
    const coach = await registeredCoach();
    const read = await getProfile(coach.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ ...REGISTERED, id: coach.id, email: coach.email, profilePhotoUrl: null, universityLogoUrl: null });

    const saved = await putProfile(coach.cookie, EDIT);
    expect(saved.statusCode).toBe(200);
    const again = (await getProfile(coach.cookie)).json();
    expect(again).toMatchObject({ ...EDIT, programName: 'Northfield University', email: coach.email, consentedAt: REGISTERED.consentedAt });
    expect(saved.json()).toEqual(again);
    const columns = await t.services.db.selectFrom('coaches').select(['first_name', 'last_name']).where('id', '=', coach.id).executeTakeFirstOrThrow();
    expect(columns).toEqual({ first_name: 'Dana', last_name: 'Reyes-Smith' });
  });

  it.each([
    [{ programName: 'Renamed University' }, 'Unrecognized key: "programName"'],
    [{ email: 'other@example.com' }, 'Unrecognized key: "email"'],
    [{ role: 'agent' }, 'Unrecognized key: "role"'],
  ])('refuses the unknown key of %j (strict, like the other writes) and changes nothing', async (extra, message) => {
    const coach = await registeredCoach();
    const before = await t.services.db.selectFrom('coaches').selectAll().where('id', '=', coach.id).executeTakeFirstOrThrow();
    const res = await putProfile(coach.cookie, { ...EDIT, ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.services.db.selectFrom('coaches').selectAll().where('id', '=', coach.id).executeTakeFirstOrThrow()).toEqual(before);
    expect((await getProfile(coach.cookie)).json()).toMatchObject({ programName: 'Northfield University', email: coach.email });
  });

  it('uploads a photo and a logo, keeps them on later saves', async () => {
    const coach = await registeredCoach();
    const saved = (
      await putProfile(coach.cookie, {
        ...EDIT,
        profilePhotoBase64: PNG_BASE64,
        profilePhotoMime: 'image/png',
        universityLogoBase64: WEBP_BASE64,
        universityLogoMime: 'image/webp',
      })
    ).json();
    expect(saved.profilePhotoUrl).toMatch(/^media\//);
    expect(saved.universityLogoUrl).toMatch(/^media\//);
    expect((await t.app.inject({ method: 'GET', url: `/api/${saved.universityLogoUrl}` })).headers['content-type']).toBe('image/webp');
    const later = (await putProfile(coach.cookie, EDIT)).json();
    expect(later).toMatchObject({ profilePhotoUrl: saved.profilePhotoUrl, universityLogoUrl: saved.universityLogoUrl });
    // The session carries the photo for the top bar's avatar.
    const session = await t.app.inject({ method: 'GET', url: '/api/validate-token', headers: { cookie: coach.cookie } });
    expect(session.json().user).toMatchObject({ firstName: 'Dana', profilePhotoUrl: saved.profilePhotoUrl });
  });

  it.each([
    [{ coachFirstName: '' }, 'This field is required'],
    [{ jobTitle: '   ' }, 'This field is required'],
    [{ preferredContactMethod: 'Pigeon' }, 'This field is required'],
    [{ minimumGpa: 5 }, 'Maximum is 4.0'],
    [{ universityLogoBase64: Buffer.from('not an image at all').toString('base64'), universityLogoMime: 'image/png' }, 'Unable to read image'],
  ])('refuses %j with its message and changes nothing', async (change, message) => {
    const coach = await registeredCoach();
    const before = await t.services.db.selectFrom('coaches').selectAll().where('id', '=', coach.id).executeTakeFirstOrThrow();
    const res = await putProfile(coach.cookie, { ...EDIT, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await t.services.db.selectFrom('coaches').selectAll().where('id', '=', coach.id).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('shows a completed athlete to coaches, with contact details; 404 for unknown or incomplete athletes', async () => {
    const coach = await registeredCoach();
    const complete = await createSignedInUser(t.services, 'athlete', { email: 'complete@example.com' });
    const incomplete = await createSignedInUser(t.services, 'athlete', { email: 'incomplete@example.com' });
    await t.app.inject({ method: 'PUT', url: '/api/athlete/profile', headers: { cookie: complete.cookie }, payload: COMPLETE_PROFILE });
    await t.app.inject({ method: 'PUT', url: '/api/athlete/profile', headers: { cookie: incomplete.cookie }, payload: { fullName: 'Almost There', age: 18 } });

    const res = await t.app.inject({ method: 'GET', url: `/api/coach/athletes/${complete.id}`, headers: { cookie: coach.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: complete.id,
      displayName: 'Lucía Pérez',
      email: 'complete@example.com',
      phone: COMPLETE_PROFILE.phone,
      agency: 'Global College',
      leagueLevel: 2,
      leagueLevelLabel: 'Segunda RFEF',
      gpa: 3.4,
      goalsAssistsLastSeason: 14,
      highlightVideoUrl: COMPLETE_PROFILE.highlightVideoUrl,
      externalLinks: COMPLETE_PROFILE.externalLinks,
      profileCompleted: true,
      hasVideo: true,
      isTransfer: false,
    });

    for (const id of [incomplete.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await t.app.inject({ method: 'GET', url: `/api/coach/athletes/${id}`, headers: { cookie: coach.cookie } });
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json()).toEqual({ message: 'Athlete not found', code: 'athleteNotFound' });
    }
  });

  it('summarises the coach’s matches by status without shipping the athlete pool', async () => {
    const coach = await registeredCoach();
    const otherCoach = await registeredCoach();
    const athletes = await Promise.all(
      ['One', 'Two', 'Three', 'Pool', 'Four'].map((n) => createSignedInUser(t.services, 'athlete', { fullName: `Player ${n}` })),
    );
    for (const a of athletes)
      await t.app.inject({
        method: 'PUT',
        url: '/api/athlete/profile',
        headers: { cookie: a.cookie },
        payload: { ...COMPLETE_PROFILE, fullName: `Player ${a.id.slice(0, 4)}` },
      });
    const request = (
      await t.app.inject({ method: 'POST', url: '/api/coach/requests', headers: { cookie: coach.cookie }, payload: { positions: ['Forward'] } })
    ).json();
    const otherRequest = (
      await t.app.inject({ method: 'POST', url: '/api/coach/requests', headers: { cookie: otherCoach.cookie }, payload: { positions: ['Goalkeeper'] } })
    ).json();
    await t.services.db
      .insertInto('matches')
      .values([
        {
          request_id: request._id,
          athlete_id: athletes[0].id,
          coach_id: coach.id,
          status: 'accepted',
          auto_resolved: true,
          updated_at: new Date('2026-11-02T10:00:00Z'),
        },
        { request_id: request._id, athlete_id: athletes[1].id, coach_id: coach.id, status: 'pending', updated_at: new Date('2026-11-01T10:00:00Z') },
        { request_id: request._id, athlete_id: athletes[2].id, coach_id: coach.id, status: 'declined' },
        { request_id: otherRequest._id, athlete_id: athletes[3].id, coach_id: otherCoach.id, status: 'pending' },
        { request_id: request._id, athlete_id: athletes[4].id, coach_id: coach.id, status: 'pending', updated_at: new Date('2026-11-03T10:00:00Z') },
      ])
      .execute();
    // Microseconds stored: the answer's time is the stored one to the millisecond, as toISOString writes it.
    await sql`update matches set updated_at = '2026-11-02T10:00:00.123987Z' where athlete_id = ${athletes[0].id}`.execute(t.services.db);

    const res = await t.app.inject({ method: 'GET', url: '/api/coach/dashboard', headers: { cookie: coach.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.coach).toMatchObject({ id: coach.id, programName: 'Northfield University', coachFirstName: 'Dana' });
    expect(body.matchSummary.counts).toEqual({ accepted: 1, pending: 2, declined: 1 });
    expect(body.matchSummary.groups.accepted).toEqual([
      {
        id: expect.any(String),
        status: 'accepted',
        autoResolved: true,
        updatedAt: '2026-11-02T10:00:00.123Z',
        requestId: request._id,
        requestPosition: 'Forward',
        athlete: { id: athletes[0].id, fullName: `Player ${athletes[0].id.slice(0, 4)}`, primaryPosition: 'Forward', profilePhotoUrl: null },
      },
    ]);
    // The latest change first.
    expect(body.matchSummary.groups.pending.map((m: { athlete: { id: string } }) => m.athlete.id)).toEqual([athletes[4].id, athletes[1].id]);
    expect(body.matchSummary.groups.declined.map((m: { athlete: { id: string } }) => m.athlete.id)).toEqual([athletes[2].id]);
    // Neither the other coach's match nor any unmatched athlete is in the answer.
    expect(res.body).not.toContain(athletes[3].id);
    expect(res.body).not.toContain(COMPLETE_PROFILE.phone);

    // Deleting the request takes its matches off the dashboard.
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/coach/requests/${request._id}`, headers: { cookie: coach.cookie } });
    expect(deleted.statusCode).toBe(204);
    const after = (await t.app.inject({ method: 'GET', url: '/api/coach/dashboard', headers: { cookie: coach.cookie } })).json();
    expect(after.matchSummary.counts).toEqual({ accepted: 0, pending: 0, declined: 0 });
    expect(after.matchSummary.groups.accepted).toEqual([]);
  });

  it('answers 404 on the dashboard for a coach session without a coach profile', async () => {
    const coach = await createSignedInUser(t.services, 'coach');
    await t.services.db.deleteFrom('coaches').where('id', '=', coach.id).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/coach/dashboard', headers: { cookie: coach.cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Coach profile not found', code: 'coachNotFound' });
  });

  it('answers 401 without a session and 403 for athletes and agents on every coach route', async () => {
    const athlete = await createSignedInUser(t.services, 'athlete');
    const agent = await createSignedInUser(t.services, 'agent', { agency: 'Eture' });
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: Array<[string, string, object?]> = [
      ['GET', '/api/coach/dashboard'],
      ['GET', '/api/coach/profile'],
      ['PUT', '/api/coach/profile', EDIT],
      ['GET', '/api/coach/requests'],
      ['POST', '/api/coach/requests', { positions: ['Forward'] }],
      ['DELETE', `/api/coach/requests/${id}`],
      ['GET', `/api/coach/athletes/${athlete.id}`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await t.app.inject({ method: method as 'GET', url, payload })).statusCode, `${method} ${url}`).toBe(401);
      for (const user of [athlete, agent]) {
        expect(
          (await t.app.inject({ method: method as 'GET', url, payload, headers: { cookie: user.cookie } })).statusCode,
          `${user.role} ${method} ${url}`,
        ).toBe(403);
      }
    }
  });
});

describe('GET /api/media/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', '..%2F..%2Fetc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/media/${id}` });
      expect(res.statusCode, id).toBe(404);
    }
  });
});
