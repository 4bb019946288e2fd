import type { Language } from './language.ts';
import {
  ATHLETE_POSITIONS,
  ATHLETE_REGION_CHOICES,
  ATHLETE_START_TERMS,
  COACH_REGIONS,
  ENGLISH_LEVELS,
  EXTRAS,
  MAJORS,
  MATCH_STATUSES,
  REQUEST_POSITIONS,
  REQUEST_START_TERMS,
  SCHOOL_SIZE_PREFERENCES,
  SCHOOL_SIZES,
  TEAM_CATEGORIES,
} from './reference.ts';

/**
 * The reference values as a reader sees them, in each language (issue 19). The values stay the
 * stored English words (the API and scoring use them). One home for the web app (its `reference`
 * catalog is this table) and the worker (notification texts name a request by its positions).
 * The web's catalog test checks every value of these lists has its name in both languages.
 */
export const REFERENCE_LISTS = {
  positions: [...new Set([...ATHLETE_POSITIONS, ...REQUEST_POSITIONS])],
  majors: [...MAJORS],
  regions: [...new Set([...ATHLETE_REGION_CHOICES, ...COACH_REGIONS])],
  terms: [...new Set([...ATHLETE_START_TERMS, ...REQUEST_START_TERMS])],
  englishLevels: [...ENGLISH_LEVELS],
  schoolSizes: [...SCHOOL_SIZE_PREFERENCES, ...SCHOOL_SIZES],
  extras: [...EXTRAS],
  teamCategories: [...TEAM_CATEGORIES],
  matchStatuses: [...MATCH_STATUSES],
} satisfies Record<string, readonly string[]>;
export type ReferenceList = keyof typeof REFERENCE_LISTS;
export type ReferenceNames = Record<ReferenceList, Record<string, string>>;

/** English names the stored values as they are, but for the two lists stored in lowercase. */
const en: ReferenceNames = {
  ...(Object.fromEntries(Object.entries(REFERENCE_LISTS).map(([list, values]) => [list, Object.fromEntries(values.map((v) => [v, v]))])) as ReferenceNames),
  englishLevels: { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' },
  matchStatuses: { pending: 'Pending', accepted: 'Accepted', declined: 'Declined' },
};

const es: ReferenceNames = {
  positions: {
    Goalkeeper: 'Portero',
    'Left Back': 'Lateral izquierdo',
    'Center Back': 'Defensa central',
    'Right Back': 'Lateral derecho',
    'Defensive Midfield': 'Mediocentro defensivo',
    'Central Midfield': 'Mediocentro',
    'Attacking Midfield': 'Mediapunta',
    'Left Winger': 'Extremo izquierdo',
    'Right Winger': 'Extremo derecho',
    Winger: 'Extremo',
    Forward: 'Delantero',
  },
  majors: {
    'Business Administration': 'Administración de empresas',
    'Computer Science': 'Informática',
    Engineering: 'Ingeniería',
    'Sports Management': 'Gestión deportiva',
    Finance: 'Finanzas',
    Psychology: 'Psicología',
    Biology: 'Biología',
    Communications: 'Comunicación',
    'International Relations': 'Relaciones internacionales',
    Marketing: 'Marketing',
    Education: 'Educación',
    'Physical Therapy': 'Fisioterapia',
    Economics: 'Economía',
    Architecture: 'Arquitectura',
    'Graphic Design': 'Diseño gráfico',
  },
  regions: {
    Northeast: 'Noreste',
    'Mid-Atlantic': 'Atlántico Medio',
    Southeast: 'Sureste',
    Midwest: 'Medio Oeste',
    Southwest: 'Suroeste',
    'Mountain West': 'Oeste montañoso',
    'West Coast': 'Costa Oeste',
    'Pacific Northwest': 'Noroeste del Pacífico',
    'No preference': 'Sin preferencia',
    South: 'Sur',
    West: 'Oeste',
  },
  terms: {
    'Fall 2025': 'Otoño 2025',
    'Fall 2026': 'Otoño 2026',
    'Spring 2026': 'Primavera 2026',
    'Fall 2027': 'Otoño 2027',
    'Spring 2027': 'Primavera 2027',
  },
  englishLevels: {
    beginner: 'Básico',
    intermediate: 'Intermedio',
    advanced: 'Avanzado',
  },
  schoolSizes: {
    Small: 'Pequeña',
    Medium: 'Mediana',
    Large: 'Grande',
    Any: 'Cualquiera',
    'Small <5k': 'Pequeña (<5.000)',
    'Medium 5-15k': 'Mediana (5.000-15.000)',
    'Large 15-30k': 'Grande (15.000-30.000)',
    'Very Large >30k': 'Muy grande (>30.000)',
  },
  extras: {
    'Team captain': 'Capitán del equipo',
    'National team experience': 'Experiencia con la selección nacional',
    'Regional team': 'Selección autonómica',
    'Top 10 scorer': 'Entre los 10 máximos goleadores',
    'Professional academy': 'Cantera profesional',
    'Senior-level experience': 'Experiencia en categoría absoluta',
  },
  teamCategories: {
    "Men's Team": 'Equipo masculino',
    "Women's Team": 'Equipo femenino',
  },
  matchStatuses: {
    pending: 'Pendiente',
    accepted: 'Aceptado',
    declined: 'Rechazado',
  },
};

export const REFERENCE_NAMES: Record<Language, ReferenceNames> = { en, es };

/** A stored value in a language (English when none is given); the value itself when the table has no name for it. */
export function referenceName(language: Language | null | undefined, list: ReferenceList, value: string): string {
  return REFERENCE_NAMES[language ?? 'en'][list][value] ?? value;
}

/**
 * A coach request as texts name it, in a language: its positions and team categories, "Center Back
 * (Men's Team)" or "Delantero / Extremo (Equipo femenino)"; `anyPosition` stands in for positions
 * it does not have (the request form requires one).
 */
export function requestName(
  language: Language | null | undefined,
  request: { positions: readonly string[]; teamCategories: readonly string[] },
  anyPosition: string,
): string {
  const positions = request.positions.map((p) => referenceName(language, 'positions', p)).join(' / ') || anyPosition;
  const teams = request.teamCategories.map((t) => referenceName(language, 'teamCategories', t)).join(', ');
  return teams ? `${positions} (${teams})` : positions;
}
