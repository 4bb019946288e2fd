// Scoring throughput: `npm run bench:scoring`. Builds synthetic athletes and requests (seeded, so
// runs are comparable), resolves them once, then scores every pair and prints pairs per second.
// Options: ATHLETES (default 100000), REQUESTS (default 50).
import {
  ATHLETE_POSITIONS,
  ATHLETE_REGIONS,
  ATHLETE_START_TERMS,
  BUDGETS,
  COACH_REGIONS,
  EXTRAS,
  LEAGUE_LEVELS,
  REQUEST_POSITIONS,
  REQUEST_START_TERMS,
  SCHOOL_SIZE_PREFERENCES,
  SCHOOL_SIZES,
  TEAM_CATEGORIES,
} from '../src/reference.ts';
import { resolveAthlete, resolveRequest, scorePair, scoreValue, type AthleteScoringInput, type RequestScoringInput } from '../src/scoring.ts';

const ATHLETES = Number(process.env.ATHLETES ?? 100_000);
const REQUESTS = Number(process.env.REQUESTS ?? 50);

// mulberry32: a small seeded generator.
let seed = 20250601;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const some = <T>(items: readonly T[], max: number): T[] => items.filter(() => random() < max / items.length);

function syntheticAthlete(i: number): AthleteScoringInput {
  return {
    id: `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
    updatedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    profileCompleted: true,
    gender: random() < 0.6 ? 'male' : 'female',
    age: 16 + Math.floor(random() * 9),
    isTransfer: random() < 0.1,
    gpa: random() < 0.95 ? Math.round((2 + random() * 2) * 100) / 100 : null,
    primaryPosition: pick(ATHLETE_POSITIONS),
    secondaryPosition: random() < 0.7 ? pick(ATHLETE_POSITIONS) : null,
    leagueLevel: pick(LEAGUE_LEVELS).value,
    targetStartTerms: some(ATHLETE_START_TERMS, 2),
    schoolSizePreference: pick(SCHOOL_SIZE_PREFERENCES),
    preferredUsRegions: some(ATHLETE_REGIONS, 2),
    estimatedBudget: Math.floor(random() * 61) * 1000,
    playerExtras: some(EXTRAS, 2),
    highlightVideoUrl: random() < 0.8 ? 'https://youtu.be/x' : null,
    goalsAssistsLastSeason: random() < 0.6 ? Math.floor(random() * 30) : null,
    externalLinks: random() < 0.5 ? [{ platform: 'BeSoccer', url: 'https://besoccer.com/p' }] : [],
  };
}

function syntheticRequest(i: number): RequestScoringInput {
  const ageMin = 16 + Math.floor(random() * 4);
  return {
    id: `request-${i}`,
    urgent: random() < 0.3,
    positions: [pick(REQUEST_POSITIONS)],
    ageMin,
    ageMax: ageMin + 4 + Math.floor(random() * 6),
    teamCategories: some(TEAM_CATEGORIES, 1),
    regions: some([...COACH_REGIONS, ...ATHLETE_REGIONS], 2),
    playerLevels: some(LEAGUE_LEVELS, 2).map((l) => l.value),
    targetStartTerms: some(REQUEST_START_TERMS, 1),
    estimatedBudget: random() < 0.7 ? pick(BUDGETS).label : '',
    playerExtras: some(EXTRAS, 2),
    openToTransfer: random() < 0.5,
    institutionSize: random() < 0.8 ? pick(SCHOOL_SIZES) : '',
    notes: random() < 0.5 ? `Looking for min GPA ${(2 + random() * 1.5).toFixed(1)}` : '',
  };
}

const rawAthletes = Array.from({ length: ATHLETES }, (_, i) => syntheticAthlete(i));
const rawRequests = Array.from({ length: REQUESTS }, (_, i) => syntheticRequest(i));

let t0 = performance.now();
const athletes = rawAthletes.map(resolveAthlete);
const requests = rawRequests.map(resolveRequest);
const resolveMs = performance.now() - t0;

function run(label: string, scoreAll: () => { scored: number; listed: number }) {
  scoreAll(); // warm-up
  const start = performance.now();
  const { scored, listed } = scoreAll();
  const seconds = (performance.now() - start) / 1000;
  const pairs = ATHLETES * REQUESTS;
  console.log(
    `${label.padEnd(34)} ${pairs.toLocaleString('en-US')} pairs in ${seconds.toFixed(2)} s = ` +
      `${Math.round(pairs / seconds).toLocaleString('en-US')} pairs/s (scored ${scored.toLocaleString('en-US')}, listed ${listed.toLocaleString('en-US')})`,
  );
}

console.log(`${ATHLETES.toLocaleString('en-US')} athletes x ${REQUESTS} requests; resolved in ${resolveMs.toFixed(0)} ms`);

run('scorePair (full result)', () => {
  let scored = 0;
  let listed = 0;
  for (const r of requests) {
    for (let i = 0; i < athletes.length; i++) {
      const result = scorePair(athletes[i], r);
      if (result) {
        scored++;
        if (result.listed) listed++;
      }
    }
  }
  return { scored, listed };
});

run('scoreValue, then scorePair if listed', () => {
  let scored = 0;
  let listed = 0;
  for (const r of requests) {
    for (let i = 0; i < athletes.length; i++) {
      const value = scoreValue(athletes[i], r);
      if (value === null) continue;
      scored++;
      if (value >= 70 && scorePair(athletes[i], r)) listed++;
    }
  }
  return { scored, listed };
});

t0 = performance.now();
for (const raw of rawAthletes) resolveAthlete(raw);
console.log(`resolveAthlete: ${Math.round(ATHLETES / ((performance.now() - t0) / 1000)).toLocaleString('en-US')} athletes/s`);
