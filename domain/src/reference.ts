// Reference lists and business constants of spec sections 3 and 9 (and decisions.md).
// Every list is `as const` so schemas can use it as an enum and the types follow the data.

/** The product's name: on every page, and the sender and sign-off of every email. */
export const BRAND_NAME = 'RecruitMatch';

export const CONTACT_SUBJECTS = ['Athlete', 'Coach/University', 'Partnership', 'Other'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

// ---------------------------------------------------------------------------------------------
// Leagues

/**
 * Spanish league levels. `value` is the lowercase hyphenated label (what the athlete form stores),
 * `score` is the level used by scoring (decision S4): 1 is the highest level.
 * Senior and youth leagues share scores (Division de Honor is level 2 like Segunda RFEF).
 */
export const LEAGUE_LEVELS = [
  { label: 'Primera RFEF', value: 'primera-rfef', score: 1 },
  { label: 'Segunda RFEF', value: 'segunda-rfef', score: 2 },
  { label: 'Tercera RFEF', value: 'tercera-rfef', score: 3 },
  { label: 'Ligas Regionales Preferente', value: 'ligas-regionales-preferente', score: 4 },
  { label: 'Primera Regional', value: 'primera-regional', score: 5 },
  { label: 'Division de Honor', value: 'division-de-honor', score: 2 },
  { label: 'Liga Nacional Juvenil', value: 'liga-nacional-juvenil', score: 3 },
  { label: 'Liga Preferente Juvenil', value: 'liga-preferente-juvenil', score: 4 },
  { label: 'Segunda Juvenil', value: 'segunda-juvenil', score: 5 },
] as const;
export type LeagueLevel = (typeof LEAGUE_LEVELS)[number];
export type LeagueValue = LeagueLevel['value'];
export const LEAGUE_VALUES = LEAGUE_LEVELS.map((l) => l.value) as unknown as readonly [LeagueValue, ...LeagueValue[]];

/** Lowercase, accents removed, runs of spaces/underscores/hyphens turned into one hyphen. */
function leagueKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');
}
const LEAGUE_BY_KEY = new Map<string, LeagueLevel>();
for (const league of LEAGUE_LEVELS) {
  LEAGUE_BY_KEY.set(league.value, league);
  LEAGUE_BY_KEY.set(leagueKey(league.label), league);
}

/**
 * A league from its value ('segunda-rfef'), its label ('Segunda RFEF', any case or accents) or its
 * numeric score (2 or '2'). Several leagues share a score; a number resolves to the first league
 * of the list with that score (the senior league), which is all scoring needs.
 * Anything else (including the coach view's 6..8) gives null.
 */
export function resolveLeague(input: unknown): LeagueLevel | null {
  if (typeof input === 'number') {
    return Number.isInteger(input) ? (LEAGUE_LEVELS.find((l) => l.score === input) ?? null) : null;
  }
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (text === '') return null;
  if (/^\d+$/.test(text)) return resolveLeague(Number(text));
  // Stored values hit the map directly; only labels and odd spellings need normalising.
  return LEAGUE_BY_KEY.get(text) ?? LEAGUE_BY_KEY.get(leagueKey(text)) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Positions

export const ATHLETE_POSITIONS = [
  'Goalkeeper',
  'Left Back',
  'Center Back',
  'Right Back',
  'Defensive Midfield',
  'Central Midfield',
  'Attacking Midfield',
  'Left Winger',
  'Right Winger',
  'Forward',
] as const;
export type AthletePosition = (typeof ATHLETE_POSITIONS)[number];

export const REQUEST_POSITIONS = [
  'Goalkeeper',
  'Left Back',
  'Center Back',
  'Right Back',
  'Defensive Midfield',
  'Attacking Midfield',
  'Winger',
  'Forward',
] as const;
export type RequestPosition = (typeof REQUEST_POSITIONS)[number];

/** Decision S2. Winger (request side) and Left/Right Winger (athlete side) are all attackers. */
export const POSITION_GROUPS = {
  goalkeeper: ['Goalkeeper'],
  defender: ['Left Back', 'Center Back', 'Right Back'],
  midfielder: ['Defensive Midfield', 'Central Midfield', 'Attacking Midfield'],
  attacker: ['Winger', 'Left Winger', 'Right Winger', 'Forward'],
} as const;
export type PositionGroup = keyof typeof POSITION_GROUPS;
export const POSITION_GROUP_NAMES = Object.keys(POSITION_GROUPS) as PositionGroup[];

/** The goals-plus-assists field is shown only for these primary positions (spec section 5). */
export const GOALS_ASSISTS_POSITIONS = ['Attacking Midfield', 'Left Winger', 'Right Winger', 'Forward'] as const;

// ---------------------------------------------------------------------------------------------
// Athlete profile options

export const MAJORS = [
  'Business Administration',
  'Computer Science',
  'Engineering',
  'Sports Management',
  'Finance',
  'Psychology',
  'Biology',
  'Communications',
  'International Relations',
  'Marketing',
  'Education',
  'Physical Therapy',
  'Economics',
  'Architecture',
  'Graphic Design',
] as const;
export type Major = (typeof MAJORS)[number];

/** `custom` means the athlete types a 4.0-scale GPA directly; its min/max are the GPA bounds. */
export const GRADING_SCALES = [
  { value: 'ten-point', label: '0–10', min: 0, max: 10, step: 0.1 },
  { value: 'twenty-point', label: '0–20', min: 0, max: 20, step: 0.1 },
  { value: 'hundred-point', label: '0–100', min: 0, max: 100, step: 1 },
  { value: 'custom', label: 'custom', min: 0, max: 4, step: 0.1 },
] as const;
export type GradingScale = (typeof GRADING_SCALES)[number];
export type GradingScaleValue = GradingScale['value'];
export const GRADING_SCALE_VALUES = ['ten-point', 'twenty-point', 'hundred-point', 'custom'] as const satisfies readonly GradingScaleValue[];

export function gradingScaleOf(value: unknown): GradingScale | null {
  return GRADING_SCALES.find((s) => s.value === value) ?? null;
}

/** Suggestions only: the platform of an external link is free text. */
export const LINK_PLATFORMS = ['Transfermarkt', 'BeSoccer', 'YouTube', 'Instagram', 'Other'] as const;

export const ATHLETE_REGIONS = ['Northeast', 'Mid-Atlantic', 'Southeast', 'Midwest', 'Southwest', 'Mountain West', 'West Coast', 'Pacific Northwest'] as const;
export type AthleteRegion = (typeof ATHLETE_REGIONS)[number];

/** Decision S8 scores an athlete preference "No preference"; it is accepted next to the eight regions. */
export const NO_REGION_PREFERENCE = 'No preference';
export const ATHLETE_REGION_CHOICES = [...ATHLETE_REGIONS, NO_REGION_PREFERENCE] as const;

export const ATHLETE_START_TERMS = ['Fall 2025', 'Spring 2026', 'Fall 2026', 'Spring 2027', 'Fall 2027'] as const;
export const REQUEST_START_TERMS = ['Spring 2026', 'Fall 2026'] as const;

/** Decision A3. */
export const AGENCIES = ['Eture', 'Global College', 'Mae'] as const;
export type Agency = (typeof AGENCIES)[number];
export const DEFAULT_AGENCY: Agency = 'Eture';

export const ENGLISH_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** Decision P1. */
export const SCHOOL_SIZE_PREFERENCES = ['Small', 'Medium', 'Large', 'Any'] as const;
export type SchoolSizePreference = (typeof SCHOOL_SIZE_PREFERENCES)[number];

// ---------------------------------------------------------------------------------------------
// Coach registration and profile options

export const SPORTS = ['Soccer', 'Basketball', 'Track & Field', 'Volleyball', 'Baseball', 'Softball', 'Swimming', 'Tennis', 'Other'] as const;
export const DIVISIONS = ['NCAA Division I', 'NCAA Division II', 'NCAA Division III', 'NAIA', 'NJCAA', 'USCAA', 'Other'] as const;
export const ELIGIBILITY = ['High School Juniors', 'High School Seniors', 'Gap Year', 'Transfers', 'Graduate Students'] as const;
export const CONTACT_METHODS = ['Email', 'Phone', 'Recruiting Portal', 'WhatsApp', 'Other'] as const;
export const COACH_REGIONS = ['Northeast', 'Midwest', 'South', 'West'] as const;
export type CoachRegion = (typeof COACH_REGIONS)[number];

export const SCHOOL_SIZES = ['Small <5k', 'Medium 5-15k', 'Large 15-30k', 'Very Large >30k'] as const;
export type SchoolSize = (typeof SCHOOL_SIZES)[number];
/** Decision S6: a program's size read on the athlete's Small/Medium/Large scale. */
export const SCHOOL_SIZE_AS_PREFERENCE: Record<SchoolSize, Exclude<SchoolSizePreference, 'Any'>> = {
  'Small <5k': 'Small',
  'Medium 5-15k': 'Medium',
  'Large 15-30k': 'Large',
  'Very Large >30k': 'Large',
};

// ---------------------------------------------------------------------------------------------
// Coach request options

export const TEAM_CATEGORIES = ["Men's Team", "Women's Team"] as const;
export type TeamCategory = (typeof TEAM_CATEGORIES)[number];

/** Estimated student cost bands with the upper limit that scoring compares against (decision S9). */
export const BUDGETS = [
  { label: '$0 - $5,000', limit: 5000 },
  { label: '$5,000 - $15,000', limit: 15000 },
  { label: '$15,000 - $30,000', limit: 30000 },
  { label: '$30,000 - $50,000', limit: 50000 },
  { label: '$50,000+', limit: 60000 },
] as const;
export type BudgetLabel = (typeof BUDGETS)[number]['label'];
export const BUDGET_LABELS = BUDGETS.map((b) => b.label) as unknown as readonly [BudgetLabel, ...BudgetLabel[]];

export const EXTRAS = [
  'Team captain',
  'National team experience',
  'Regional team',
  'Top 10 scorer',
  'Professional academy',
  'Senior-level experience',
] as const;

export const JUNIOR_COLLEGE_CHOICES = ['Yes', 'No'] as const;
/** The account roles (users.role): the one declaration of Role. */
export const ROLES = ['athlete', 'coach', 'agent'] as const;
export type Role = (typeof ROLES)[number];
export const MATCH_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export const MATCH_VIEWS = ['top15', 'all', 'position'] as const;
export type MatchView = (typeof MATCH_VIEWS)[number];

// ---------------------------------------------------------------------------------------------
// Business constants (spec section 9)

export const MATCH_THRESHOLD = 70;
export const TOP_VIEW_SIZE = 15;
/** 5 MB read as 5 MiB, the usual meaning of "5MB" in an upload limit. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Largest image decoded (width × height), checked from the header before decoding (pixel bombs). */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Decision P3. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_EXTERNAL_LINKS = 5;
export const ATHLETE_AGE_MIN = 10;
export const ATHLETE_AGE_MAX = 40;
export const REQUEST_AGE_MIN = 16;
export const REQUEST_AGE_MAX = 35;
export const REQUEST_AGE_DEFAULT_MIN = 16;
export const REQUEST_AGE_DEFAULT_MAX = 22;
export const PASSWORD_MIN_LENGTH = 6;
export const VERIFICATION_CODE_LENGTH = 6;
export const GPA_MIN = 0;
export const GPA_MAX = 4;
/** Minimum GPA of a request when its notes name none (decision S3). */
export const DEFAULT_MIN_GPA = 2.5;
/**
 * The athlete's budget slider (decision S15): 0 to 50,000 in steps of 1,000, then one last stop
 * for the top band "$50,000+", stored as that band's limit (60,000) so it meets every band.
 */
export const BUDGET_SLIDER = { min: 0, max: 50000, step: 1000, top: 60000, topLabel: '$50,000+' } as const;
/** The coach view's league level is a number in this range (spec section 5, cleaning rule). */
export const COACH_VIEW_LEAGUE_MIN = 1;
export const COACH_VIEW_LEAGUE_MAX = 8;
export const INSIGHTS_LIST_SIZE = 8;
export const PROFILE_HIGHLIGHT_EXTRAS = 2;
export const COACH_VIEW_HIGHLIGHT_BULLETS = 4;
export const TOAST_DURATION_MS = 5000;
export const CAROUSEL_INTERVAL_MS = 4000;
export const LOGIN_BACKGROUND_INTERVAL_MS = 8000;
export const QUERY_STALE_TIME_MS = 1000;
export const CAROUSEL_BREAKPOINTS_PX = [640, 1024, 1280] as const;
