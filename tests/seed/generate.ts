// Deterministic synthetic demo data (the spec: "athlete profiles used for matching are synthetic
// demo data for staging and QA"). Pure: no I/O, no clock, no Math.random. The same seed gives the
// same rows, ids and timestamps included.
//
// Shape: entities are generated in chunks of CHUNK_SIZE; each chunk seeds its own Faker
// instances from (seed, kind, chunk), so athlete #i is the same whether 300 or 100,000 are
// generated, and a chunk can be generated while the previous one is being inserted.
import { createHash } from 'node:crypto';
import {
  AGENCIES,
  ATHLETE_REGIONS,
  ATHLETE_START_TERMS,
  BUDGETS,
  CONTACT_METHODS,
  DIVISIONS,
  ELIGIBILITY,
  EXTRAS,
  GOALS_ASSISTS_POSITIONS,
  LEAGUE_LEVELS,
  MAJORS,
  NO_REGION_PREFERENCE,
  REQUEST_START_TERMS,
  SCHOOL_SIZES,
  athleteProfileSchema,
  coachRegistrationPayloadSchema,
  coachRequestSchema,
  requestDefaultsFromCoachProfile,
  type AthletePosition,
  type RequestPosition,
} from '@app/domain';
import { athleteColumnsFromProfile, type StoredAthleteProfile } from '@app/worker/store';
import { Faker, base, de, en, en_GB, en_US, es, es_MX, fr, it, nl, pt_BR, pt_PT, type LocaleDefinition } from '@faker-js/faker';

/** Entities per chunk: one Faker seeding per chunk (seeding costs ~0.1 ms), one insert batch. */
export const CHUNK_SIZE = 1000;

/**
 * The reference instant of the data set: every timestamp is this minus a seeded offset, so the
 * data never depends on when it is generated.
 */
export const SEED_EPOCH_MS = Date.UTC(2026, 9, 1, 12, 0, 0);
const DAY_MS = 86_400_000;

/** Accounts without a password can never log in (verifyPassword refuses a non-argon2 hash). */
export const NO_LOGIN_HASH = 'seeded-account-no-login';

export interface SeedSizes {
  /** Athletes with a complete profile (scored by the matcher). */
  athletes: number;
  /** Further athletes whose profile is not complete (just registered or half filled). */
  incompleteAthletes: number;
  coaches: number;
  /** Open requests, spread over the coaches. */
  requests: number;
  seed: number;
}

export interface UserRow {
  id: string;
  role: 'athlete' | 'coach' | 'agent';
  email: string;
  password_hash: string;
  created_at: Date;
}

export interface AthleteRow {
  id: string;
  email: string;
  full_name: string;
  agency: string | null;
  profile: string;
  profile_completed: boolean;
  gender: string | null;
  age: number | null;
  is_transfer: boolean;
  primary_position: string | null;
  secondary_position: string | null;
  auto_accept_matches: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface CoachRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  profile: string;
  created_at: Date;
  updated_at: Date;
}

export interface RequestRow {
  id: string;
  coach_id: string;
  data: string;
  urgent: boolean;
  created_at: Date;
}

export interface AgentRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  agency: string;
  agency_url: string;
  created_at: Date;
}

// ---------------------------------------------------------------------------------------------
// Ids and chunked randomness

/** A uuid derived from (seed, kind, index): stable across runs, distinct across kinds. */
export function seededId(seed: number, kind: string, index: number): string {
  const h = createHash('sha256').update(`${seed}/${kind}/${index}`).digest('hex');
  // Shaped as an RFC 4122 name-based uuid (version 5 nibble, variant 10xx).
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const KIND_CODE = { athlete: 1, incomplete: 2, coach: 3, request: 4, agent: 5 } as const;

interface Country {
  name: string;
  weight: number;
  locale: LocaleName;
  dialCode: string;
  /** First digits of a mobile number there. */
  mobileStart: string;
  /** Grading scales used there, with weights. */
  scales: Array<[scale: 'ten-point' | 'twenty-point' | 'hundred-point' | 'custom', weight: number]>;
}

type LocaleName = 'es' | 'fr' | 'it' | 'pt_PT' | 'de' | 'nl' | 'en_GB' | 'en_US' | 'es_MX' | 'pt_BR';
const LOCALES: Record<LocaleName, LocaleDefinition> = { es, fr, it, pt_PT, de, nl, en_GB, en_US, es_MX, pt_BR };

/** Mostly Spain, then the rest of Europe, then Latin America (the platform's market). */
const COUNTRIES: Country[] = [
  {
    name: 'Spain',
    weight: 58,
    locale: 'es',
    dialCode: '+34',
    mobileStart: '6',
    scales: [
      ['ten-point', 85],
      ['custom', 15],
    ],
  },
  {
    name: 'France',
    weight: 5,
    locale: 'fr',
    dialCode: '+33',
    mobileStart: '6',
    scales: [
      ['twenty-point', 85],
      ['custom', 15],
    ],
  },
  {
    name: 'Italy',
    weight: 5,
    locale: 'it',
    dialCode: '+39',
    mobileStart: '3',
    scales: [
      ['ten-point', 85],
      ['custom', 15],
    ],
  },
  {
    name: 'Portugal',
    weight: 4,
    locale: 'pt_PT',
    dialCode: '+351',
    mobileStart: '9',
    scales: [
      ['twenty-point', 85],
      ['custom', 15],
    ],
  },
  {
    name: 'Germany',
    weight: 4,
    locale: 'de',
    dialCode: '+49',
    mobileStart: '15',
    scales: [
      ['custom', 70],
      ['hundred-point', 30],
    ],
  },
  {
    name: 'Netherlands',
    weight: 3,
    locale: 'nl',
    dialCode: '+31',
    mobileStart: '6',
    scales: [
      ['ten-point', 80],
      ['custom', 20],
    ],
  },
  {
    name: 'United Kingdom',
    weight: 3,
    locale: 'en_GB',
    dialCode: '+44',
    mobileStart: '7',
    scales: [
      ['hundred-point', 70],
      ['custom', 30],
    ],
  },
  {
    name: 'Ireland',
    weight: 2,
    locale: 'en_GB',
    dialCode: '+353',
    mobileStart: '8',
    scales: [
      ['hundred-point', 70],
      ['custom', 30],
    ],
  },
  {
    name: 'Belgium',
    weight: 2,
    locale: 'fr',
    dialCode: '+32',
    mobileStart: '4',
    scales: [
      ['twenty-point', 60],
      ['ten-point', 20],
      ['custom', 20],
    ],
  },
  { name: 'Sweden', weight: 1, locale: 'en_GB', dialCode: '+46', mobileStart: '7', scales: [['custom', 100]] },
  {
    name: 'Mexico',
    weight: 4,
    locale: 'es_MX',
    dialCode: '+52',
    mobileStart: '55',
    scales: [
      ['ten-point', 80],
      ['hundred-point', 20],
    ],
  },
  {
    name: 'Argentina',
    weight: 3,
    locale: 'es_MX',
    dialCode: '+54',
    mobileStart: '9',
    scales: [
      ['ten-point', 90],
      ['custom', 10],
    ],
  },
  {
    name: 'Colombia',
    weight: 2,
    locale: 'es_MX',
    dialCode: '+57',
    mobileStart: '3',
    scales: [
      ['ten-point', 60],
      ['hundred-point', 40],
    ],
  },
  {
    name: 'Brazil',
    weight: 2,
    locale: 'pt_BR',
    dialCode: '+55',
    mobileStart: '11',
    scales: [
      ['ten-point', 90],
      ['custom', 10],
    ],
  },
  {
    name: 'Uruguay',
    weight: 1,
    locale: 'es_MX',
    dialCode: '+598',
    mobileStart: '9',
    scales: [
      ['ten-point', 90],
      ['custom', 10],
    ],
  },
  { name: 'Chile', weight: 1, locale: 'es_MX', dialCode: '+56', mobileStart: '9', scales: [['ten-point', 100]] },
];

const COUNTRY_CHOICES = COUNTRIES.map((c) => [c, c.weight] as const);
const AGENCY_CHOICES = AGENCIES.map((a, i) => [a, [46, 34, 20][i]] as const);

/**
 * The randomness of one chunk: a small fast generator (sfc32) for choices and numbers, and
 * Faker, seeded per chunk and locale, for names and places only (Faker's own number helpers cost
 * several times more, which adds up over 100,000 athletes).
 */
class ChunkRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private readonly byLocale = new Map<LocaleName, Faker>();
  constructor(
    private readonly seed: number,
    private readonly kind: number,
    private readonly chunk: number,
  ) {
    const h = createHash('sha256').update(`${seed}/${kind}/${chunk}`).digest();
    this.a = h.readUInt32LE(0);
    this.b = h.readUInt32LE(4);
    this.c = h.readUInt32LE(8);
    this.d = h.readUInt32LE(12);
    for (let i = 0; i < 12; i++) this.next();
  }
  /** sfc32: uniform in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    const t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    const out = (t + this.d) | 0;
    this.c = (this.c + out) | 0;
    return (out >>> 0) / 4294967296;
  }
  /** Names and places of a locale; seeded once per chunk. */
  locale(name: LocaleName): Faker {
    let faker = this.byLocale.get(name);
    if (!faker) {
      faker = new Faker({ locale: [LOCALES[name], en, base] });
      faker.seed([this.seed, this.kind, this.chunk, Object.keys(LOCALES).indexOf(name) + 100]);
      this.byLocale.set(name, faker);
    }
    return faker;
  }
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let x = this.next() * total;
    for (const [value, w] of items) {
      x -= w;
      if (x < 0) return value;
    }
    return items[items.length - 1][0];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  pick<T>(items: ArrayLike<T>): T {
    return items[Math.floor(this.next() * items.length)];
  }
  /** Normal(mean, sd) by Box-Muller, clamped. */
  normal(mean: number, sd: number, min: number, max: number): number {
    const u = Math.max(1e-12, this.next());
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
    return Math.min(max, Math.max(min, mean + sd * z));
  }
  /** Between min and max distinct items, in random order. */
  some<T>(items: readonly T[], min: number, max: number): T[] {
    const copy = [...items];
    const n = Math.min(copy.length, this.int(min, max));
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  }
}

const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '');

const round1 = (x: number) => Math.round(x * 10) / 10;
const daysBefore = (days: number) => new Date(SEED_EPOCH_MS - Math.round(days * DAY_MS));

// ---------------------------------------------------------------------------------------------
// Athletes

const POSITION_WEIGHTS: Array<[AthletePosition, number]> = [
  ['Goalkeeper', 8],
  ['Center Back', 16],
  ['Left Back', 8],
  ['Right Back', 8],
  ['Defensive Midfield', 10],
  ['Central Midfield', 14],
  ['Attacking Midfield', 10],
  ['Left Winger', 7],
  ['Right Winger', 7],
  ['Forward', 12],
];

/** Likely second positions: neighbours on the pitch. */
const SECONDARY: Record<AthletePosition, AthletePosition[]> = {
  Goalkeeper: [],
  'Center Back': ['Defensive Midfield', 'Left Back', 'Right Back'],
  'Left Back': ['Left Winger', 'Center Back', 'Right Back'],
  'Right Back': ['Right Winger', 'Center Back', 'Left Back'],
  'Defensive Midfield': ['Central Midfield', 'Center Back'],
  'Central Midfield': ['Defensive Midfield', 'Attacking Midfield'],
  'Attacking Midfield': ['Central Midfield', 'Forward', 'Left Winger', 'Right Winger'],
  'Left Winger': ['Right Winger', 'Forward', 'Attacking Midfield', 'Left Back'],
  'Right Winger': ['Left Winger', 'Forward', 'Attacking Midfield', 'Right Back'],
  Forward: ['Attacking Midfield', 'Left Winger', 'Right Winger'],
};

const league = (value: string) => LEAGUE_LEVELS.find((l) => l.value === value)!.value;
/** Under 19s play youth leagues, older players senior ones; most play at the lower levels. */
const YOUTH_LEAGUES: Array<[string, number]> = [
  [league('division-de-honor'), 12],
  [league('liga-nacional-juvenil'), 30],
  [league('liga-preferente-juvenil'), 33],
  [league('segunda-juvenil'), 25],
];
const SENIOR_LEAGUES: Array<[string, number]> = [
  [league('primera-rfef'), 4],
  [league('segunda-rfef'), 12],
  [league('tercera-rfef'), 30],
  [league('ligas-regionales-preferente'), 30],
  [league('primera-regional'), 24],
];

const MAJOR_WEIGHTS: Array<[string, number]> = MAJORS.map((m) => [
  m,
  m === 'Business Administration' ? 18 : m === 'Sports Management' ? 14 : m === 'Engineering' ? 9 : m === 'Computer Science' ? 8 : m === 'Finance' ? 7 : 4,
]);

const EXTRA_CHANCE: Record<(typeof EXTRAS)[number], number> = {
  'Team captain': 0.14,
  'National team experience': 0.03,
  'Regional team': 0.14,
  'Top 10 scorer': 0.1,
  'Professional academy': 0.1,
  'Senior-level experience': 0.18,
};

const VIDEO_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

interface GeneratedAthlete {
  user: UserRow;
  athlete: AthleteRow;
}

/** The scale's average for a 4.0-scale GPA, on the scale's step. */
function averageFor(gpa: number, scale: 'ten-point' | 'twenty-point' | 'hundred-point'): number {
  const max = scale === 'ten-point' ? 10 : scale === 'twenty-point' ? 20 : 100;
  const raw = (gpa / 4) * max;
  return scale === 'hundred-point' ? Math.round(raw) : round1(raw);
}

function athleteProfileInput(r: ChunkRandom, index: number) {
  const country = r.weighted(COUNTRY_CHOICES);
  const local = r.locale(country.locale);
  const gender = r.weighted([
    ['male', 68],
    ['female', 32],
  ] as const);
  const firstName = local.person.firstName(gender);
  // Spanish-speaking locales already give both surnames.
  const lastName = local.person.lastName();
  const fullName = `${firstName} ${lastName}`;
  const age = Math.round(r.normal(18.8, 1.7, 16, 26));

  // Academic ability on the 4.0 scale; the athlete types it on their country's scale.
  const latentGpa = r.normal(3.0, 0.5, 1.6, 4);
  const scale = r.weighted(country.scales);
  const academic =
    scale === 'custom' ? { gradingScale: scale, gpa: round1(latentGpa) } : { gradingScale: scale, academicStanding: averageFor(latentGpa, scale) };
  const englishLevel = r.weighted([
    ['beginner', 18],
    ['intermediate', 50],
    ['advanced', 32],
  ] as const);

  const primaryPosition = r.weighted(POSITION_WEIGHTS);
  const secondaryPosition = SECONDARY[primaryPosition].length > 0 && r.chance(0.6) ? r.pick(SECONDARY[primaryPosition]) : undefined;
  const leagueLevel = r.weighted(age <= 18 ? YOUTH_LEAGUES : SENIOR_LEAGUES);

  const male = gender === 'male';
  const heightCm = Math.round(r.normal(male ? 179 : 166, 6.5, 152, 201) + (primaryPosition === 'Goalkeeper' ? 5 : 0));
  const weightKg = round1(r.normal(male ? 22.5 : 21.3, 1.4, 18.5, 27) * (heightCm / 100) ** 2);
  const attacking = (GOALS_ASSISTS_POSITIONS as readonly string[]).includes(primaryPosition);
  const goalsAssistsLastSeason = attacking && r.chance(0.75) ? Math.round(r.normal(9, 6, 0, 45)) : undefined;

  const extras = EXTRAS.filter((e) => r.chance(e === 'Top 10 scorer' && !attacking ? 0.02 : EXTRA_CHANCE[e]));
  const hasVideo = r.chance(0.78);
  const videoId = Array.from({ length: 11 }, () => r.pick(VIDEO_ID_CHARS)).join('');
  const highlightVideoUrl = hasVideo
    ? r.chance(0.85)
      ? `https://www.youtube.com/watch?v=${videoId}`
      : `https://vimeo.com/${r.int(100000000, 999999999)}`
    : undefined;
  const slug = ascii(fullName).replace(/\./g, '-');
  const externalLinks = [
    r.chance(0.35) ? { platform: 'Transfermarkt', url: `https://www.transfermarkt.com/${slug}/profil/spieler/${r.int(100000, 999999)}` } : null,
    r.chance(0.2) ? { platform: 'BeSoccer', url: `https://www.besoccer.com/player/${slug}-${r.int(1000000, 9999999)}` } : null,
    r.chance(0.45) ? { platform: 'Instagram', url: `https://www.instagram.com/${slug.replace(/-/g, '_')}${r.int(1, 99)}` } : null,
  ].filter((l) => l !== null);

  // One to three start terms in a row, most aiming at 2026.
  const firstTerm = r.weighted([
    [0, 8],
    [1, 22],
    [2, 40],
    [3, 18],
    [4, 12],
  ] as const);
  const targetStartTerms = ATHLETE_START_TERMS.slice(
    firstTerm,
    firstTerm +
      r.weighted([
        [1, 50],
        [2, 38],
        [3, 12],
      ] as const),
  );
  const preferredUsRegions = r.chance(0.14) ? [NO_REGION_PREFERENCE] : r.some(ATHLETE_REGIONS, 1, 3);
  const estimatedBudget = r.weighted([
    [r.int(0, 5) * 1000, 12],
    [r.int(5, 15) * 1000, 30],
    [r.int(15, 30) * 1000, 33],
    [r.int(30, 50) * 1000, 20],
    [undefined, 5],
  ] as const);

  const toeflBase = englishLevel === 'advanced' ? 100 : englishLevel === 'intermediate' ? 82 : 62;
  return {
    fullName,
    age,
    phone: `${country.dialCode} ${country.mobileStart}${r.int(10, 99)} ${r.int(100, 999)} ${r.int(100, 999)}`,
    nationality: country.name,
    gender,
    englishLevel,
    ...academic,
    intendedMajors: [...new Set([r.weighted(MAJOR_WEIGHTS), ...(r.chance(0.45) ? [r.weighted(MAJOR_WEIGHTS)] : [])])],
    satScore: r.chance(0.3) ? Math.round(r.normal(1150, 140, 800, 1600) / 10) * 10 : undefined,
    toeflScore: r.chance(0.45) ? Math.round(r.normal(toeflBase, 8, 40, 120)) : undefined,
    targetStartTerms,
    primaryPosition,
    secondaryPosition,
    leagueLevel,
    heightCm,
    weightKg,
    goalsAssistsLastSeason,
    playerExtras: extras,
    highlightVideoUrl,
    externalLinks,
    preferredUsRegions,
    estimatedBudget,
    agency: r.weighted(AGENCY_CHOICES),
    schoolSizePreference: r.weighted([
      ['Any', 40],
      ['Small', 15],
      ['Medium', 25],
      ['Large', 20],
    ] as const),
    isTransfer: age >= 19 && r.chance(0.12),
    autoAcceptMatches: r.chance(0.1),
    index,
  };
}

/** Emails are unique per role: the index keeps two athletes of the same name apart. */
function athleteEmail(fullName: string, index: number, incomplete: boolean) {
  const [first, ...rest] = fullName.split(' ');
  return `${ascii(first)}.${ascii(rest[0] ?? 'player')}.${incomplete ? 'p' : ''}${index}@example.com`;
}

/** The fixed emails of the accounts that get a real password (demo logins). */
export const DEMO_EMAILS = {
  athlete: 'athlete.demo@example.com',
  coach: 'coach.demo@example.com',
  agent: (agency: string) => `agent.${ascii(agency)}@example.com`,
} as const;

/**
 * One chunk of athletes. Complete ones are shaped by athleteProfileSchema and checked complete;
 * incomplete ones either just registered (name, age, gender) or stopped half way through the form.
 */
export function generateAthleteChunk(sizes: Pick<SeedSizes, 'seed'>, chunk: number, count: number, incomplete: boolean): GeneratedAthlete[] {
  const kind = incomplete ? KIND_CODE.incomplete : KIND_CODE.athlete;
  const r = new ChunkRandom(sizes.seed, kind, chunk);
  const out: GeneratedAthlete[] = [];
  for (let k = 0; k < count; k++) {
    const index = chunk * CHUNK_SIZE + k;
    const { index: _i, ...input } = athleteProfileInput(r, index);
    let fields: Record<string, unknown> = input;
    if (incomplete) {
      const stage = r.weighted([
        ['registered', 55],
        ['half', 45],
      ] as const);
      fields =
        stage === 'registered'
          ? { fullName: input.fullName, age: input.age, gender: input.gender }
          : { ...input, primaryPosition: undefined, leagueLevel: undefined, preferredUsRegions: undefined, highlightVideoUrl: undefined };
    }
    const parsed = athleteProfileSchema.parse(fields);
    const email = !incomplete && index === 0 ? DEMO_EMAILS.athlete : athleteEmail(input.fullName, index, incomplete);
    const profile: StoredAthleteProfile = JSON.parse(JSON.stringify({ ...parsed, email }));
    const columns = athleteColumnsFromProfile(profile);
    if (columns.profile_completed === incomplete) {
      throw new Error(`seed: athlete ${index} came out ${columns.profile_completed ? 'complete' : 'incomplete'}: ${columns.profile}`);
    }
    const id = seededId(sizes.seed, incomplete ? 'incomplete-athlete' : 'athlete', index);
    const createdDaysAgo = r.float(1, 420);
    const created_at = daysBefore(createdDaysAgo);
    const updated_at = incomplete ? created_at : daysBefore(r.float(0, createdDaysAgo));
    out.push({
      user: { id, role: 'athlete', email, password_hash: NO_LOGIN_HASH, created_at },
      athlete: { id, email, ...columns, full_name: input.fullName, created_at, updated_at },
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Coaches and requests

const US_STATES = [
  'Alabama',
  'Arizona',
  'California',
  'Colorado',
  'Connecticut',
  'Florida',
  'Georgia',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Missouri',
  'Nebraska',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
];
/** The coach region (registration options) of each state above. */
function regionOfState(state: string): 'Northeast' | 'Midwest' | 'South' | 'West' {
  if (
    ['Connecticut', 'Maine', 'Massachusetts', 'New Hampshire', 'New Jersey', 'New York', 'Pennsylvania', 'Rhode Island', 'Vermont', 'Maryland'].includes(state)
  )
    return 'Northeast';
  if (['Illinois', 'Indiana', 'Iowa', 'Kansas', 'Michigan', 'Minnesota', 'Missouri', 'Nebraska', 'Ohio', 'Wisconsin'].includes(state)) return 'Midwest';
  if (['Arizona', 'California', 'Colorado', 'New Mexico', 'Oregon', 'Utah', 'Washington'].includes(state)) return 'West';
  return 'South';
}

const REQUEST_POSITION_WEIGHTS: Array<[RequestPosition, number]> = [
  ['Goalkeeper', 9],
  ['Center Back', 17],
  ['Left Back', 9],
  ['Right Back', 9],
  ['Defensive Midfield', 13],
  ['Attacking Midfield', 14],
  ['Winger', 14],
  ['Forward', 15],
];

const NOTES = [
  'Looking for a player who can step in right away. Min GPA 3.0.',
  'Strong academic school: GPA 3.3 or higher required for admission.',
  'We value leadership and communication on the field.',
  'Need someone comfortable playing out of the back.',
  'Scholarship money available for the right player; min GPA 2.8.',
  'Please include recent full-match footage.',
  'Competitive conference, high tempo, lots of travel.',
  '',
  '',
  '',
];

interface GeneratedCoach {
  user: UserRow;
  coach: CoachRow;
  /** The profile, for prefilling this coach's requests. */
  profile: Record<string, unknown>;
}

export function generateCoachChunk(sizes: Pick<SeedSizes, 'seed'>, chunk: number, count: number): GeneratedCoach[] {
  const r = new ChunkRandom(sizes.seed, KIND_CODE.coach, chunk);
  const us = r.locale('en_US');
  const out: GeneratedCoach[] = [];
  for (let k = 0; k < count; k++) {
    const index = chunk * CHUNK_SIZE + k;
    const state = r.pick(US_STATES);
    const city = us.location.city();
    const programName = r.weighted([
      [`University of ${state}`, 3],
      [`${state} State University`, 3],
      [`${city} College`, 3],
      [`${city} Community College`, 1],
    ] as const);
    const division = programName.endsWith('Community College')
      ? 'NJCAA'
      : r.weighted(
          DIVISIONS.filter((d) => d !== 'NJCAA').map(
            (d) => [d, { 'NCAA Division I': 30, 'NCAA Division II': 25, 'NCAA Division III': 22, NAIA: 16, USCAA: 4, Other: 3 }[d] ?? 0] as const,
          ),
        );
    const firstName = us.person.firstName();
    const lastName = us.person.lastName();
    const domain = `${ascii(programName).replace(/\./g, '')}.example.edu`;
    const email = index === 0 ? DEMO_EMAILS.coach : `${ascii(firstName)}.${ascii(lastName)}.${index}@${domain}`;
    const payload = coachRegistrationPayloadSchema.parse({
      email,
      password: 'unused-in-seed',
      verificationCode: '000000',
      programName,
      division,
      programRegion: regionOfState(state),
      schoolSize: r.weighted(SCHOOL_SIZES.map((s, i) => [s, [35, 30, 22, 13][i]] as const)),
      minimumGpa: r.weighted([
        [2.0, 25],
        [2.3, 20],
        [2.5, 30],
        [2.8, 15],
        [3.0, 10],
      ] as const),
      sports: ['Soccer'],
      coachFirstName: firstName,
      coachLastName: lastName,
      jobTitle: r.weighted([
        ['Head Coach', 45],
        ['Assistant Coach', 35],
        ['Recruiting Coordinator', 20],
      ] as const),
      phoneNumber: `+1 ${r.int(201, 989)}-${r.int(200, 999)}-${String(r.int(0, 9999)).padStart(4, '0')}`,
      preferredContactMethod: r.weighted(CONTACT_METHODS.map((m, i) => [m, [50, 20, 10, 15, 5][i]] as const)),
      teamWebsite: `https://athletics.${domain}/soccer`,
      yearsInRole: r.int(0, 25),
      athleteEligibility: r.some(ELIGIBILITY, 1, 3),
      additionalStaff: r.chance(0.5) ? [`${us.person.firstName()} ${us.person.lastName()}`] : [],
      englishToefl: r.weighted([
        [61, 40],
        [71, 30],
        [79, 30],
      ] as const),
      englishIelts: r.weighted([
        [5.5, 40],
        [6, 40],
        [6.5, 20],
      ] as const),
      estimatedCostBand: r.weighted(BUDGETS.map((b, i) => [b.label, [8, 25, 35, 24, 8][i]] as const)),
      targetLeagueLevels: r.some(
        LEAGUE_LEVELS.map((l) => l.value),
        1,
        3,
      ),
      preferredFootDefault: r.weighted([
        ['Either', 70],
        ['Right', 20],
        ['Left', 10],
      ] as const),
      extrasValued: r.some(EXTRAS, 0, 2),
      rosterNeedPriority: r.some(
        REQUEST_POSITION_WEIGHTS.map(([p]) => p),
        1,
        3,
      ),
      targetStartTerms: r.some(REQUEST_START_TERMS, 1, 2),
      jucoOpenDefault: r.chance(0.3),
      complianceAcknowledged: true,
      consentToContact: true,
      termsAccepted: true,
    });
    // Stored as POST /coach/register stores it: the profile fields, the email and the consent time.
    const {
      password: _p,
      verificationCode: _v,
      profilePhotoBase64: _pb,
      profilePhotoMime: _pm,
      universityLogoBase64: _lb,
      universityLogoMime: _lm,
      ...fields
    } = payload;
    const id = seededId(sizes.seed, 'coach', index);
    const created_at = daysBefore(r.float(30, 500));
    const profile = JSON.parse(JSON.stringify({ ...fields, email, consentedAt: created_at.toISOString() }));
    out.push({
      user: { id, role: 'coach', email, password_hash: NO_LOGIN_HASH, created_at },
      coach: { id, email, first_name: firstName, last_name: lastName, profile: JSON.stringify(profile), created_at, updated_at: created_at },
      profile,
    });
  }
  return out;
}

/** Which coach posts request #index: round-robin, so every coach has some and coach 0 has the first. */
export const coachIndexOfRequest = (index: number, coaches: number) => index % coaches;

/**
 * A chunk of requests as a coach would submit them: prefilled from their profile (as the form
 * is), then adjusted, and shaped by coachRequestSchema.
 */
export function generateRequestChunk(
  sizes: Pick<SeedSizes, 'seed' | 'coaches'>,
  chunk: number,
  count: number,
  coachProfile: (coachIndex: number) => Record<string, unknown>,
): RequestRow[] {
  const r = new ChunkRandom(sizes.seed, KIND_CODE.request, chunk);
  const out: RequestRow[] = [];
  for (let k = 0; k < count; k++) {
    const index = chunk * CHUNK_SIZE + k;
    const coachIndex = coachIndexOfRequest(index, sizes.coaches);
    const form = requestDefaultsFromCoachProfile(coachProfile(coachIndex));
    const ageMin = r.weighted([
      [16, 30],
      [17, 40],
      [18, 30],
    ] as const);
    const data = coachRequestSchema.parse({
      ...form,
      positions: r.chance(0.4) && form.positions.length ? form.positions : [r.weighted(REQUEST_POSITION_WEIGHTS)],
      teamCategories: r.weighted([
        [["Men's Team"], 48],
        [["Women's Team"], 34],
        [["Men's Team", "Women's Team"], 18],
      ] as const),
      ageMin,
      ageMax: Math.max(
        ageMin,
        r.weighted([
          [21, 25],
          [22, 40],
          [23, 20],
          [25, 15],
        ] as const),
      ),
      openToTransfer: r.chance(0.4),
      playerLevels: r.chance(0.75) ? form.playerLevels : [],
      targetStartTerms: r.some(REQUEST_START_TERMS, 1, 2),
      estimatedBudget: r.chance(0.85) ? r.weighted(BUDGETS.map((b, i) => [b.label, [10, 35, 32, 18, 5][i]] as const)) : '',
      playerExtras: form.playerExtras,
      regions: r.chance(0.8) ? form.regions : [],
      notes: r.pick(NOTES),
      urgent: r.chance(0.2),
    });
    out.push({
      id: seededId(sizes.seed, 'request', index),
      coach_id: seededId(sizes.seed, 'coach', coachIndex),
      data: JSON.stringify(data),
      urgent: data.urgent,
      created_at: daysBefore(r.float(0, 60)),
    });
  }
  return out;
}

/** One agent per partner agency (decision A3). */
export function generateAgents(sizes: Pick<SeedSizes, 'seed'>): Array<{ user: UserRow; agent: AgentRow }> {
  const r = new ChunkRandom(sizes.seed, KIND_CODE.agent, 0);
  const es = r.locale('es');
  return AGENCIES.map((agency, index) => {
    const id = seededId(sizes.seed, 'agent', index);
    const email = DEMO_EMAILS.agent(agency);
    const created_at = daysBefore(r.float(200, 600));
    return {
      user: { id, role: 'agent', email, password_hash: NO_LOGIN_HASH, created_at },
      agent: {
        id,
        email,
        first_name: es.person.firstName(),
        last_name: es.person.lastName(),
        agency,
        agency_url: `https://www.${ascii(agency).replace(/\./g, '')}.example`,
        created_at,
      },
    };
  });
}
