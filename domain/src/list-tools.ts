// Working tools on lists (issue 18): the agent's roster query and the filters of a request's
// ranked list. One contract for the API that validates them and the web app that builds them.
import { z } from 'zod';
import { ATHLETE_POSITIONS, GPA_MAX, GPA_MIN, LEAGUE_VALUES, MATCH_STATUSES } from './reference.ts';

/** A name search: letters (any script), spaces, apostrophes, hyphens and dots, at most 60 characters. */
export const SEARCH_MAX = 60;
const SEARCH_PATTERN = /^[\p{L}\p{M}' .\u2019-]*$/u;

/**
 * The letters a name search reads without their accents, and what each reads as: one letter for
 * one, as Postgres's translate() maps them. "Lopez" finds "López", "nunez" finds "Núñez", and a
 * name sorts where its plain letters put it ("Álvaro" among the a's). The typographic apostrophes
 * read as the plain one: a phone's keyboard types "O’Neill" for O'Neill. The database's `fold_name`
 * (migration 2026-12-07T06-00), which makes athletes.name_key, holds the same two strings; a test
 * (tests/integration/name-search.test.ts) checks the two fold every one of these letters alike.
 */
export const NAME_FOLD_FROM =
  'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżžÀÁÂÃÄÅĀĂĄÇĆĈĊČĎĐÈÉÊËĒĔĖĘĚĜĞĠĢĤĦÌÍÎÏĨĪĬĮĴĶĹĻĽĿŁÑŃŅŇÒÓÔÕÖØŌŎŐŔŖŘŚŜŞŠŢŤŦÙÚÛÜŨŪŬŮŰŲŴÝŸŶŹŻŽ‘’ʼ';
export const NAME_FOLD_TO =
  "aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzzaaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz'''";
const NAME_FOLD = new Map([...NAME_FOLD_FROM].map((letter, i) => [letter, NAME_FOLD_TO[i]]));

/** A name or a name search as name_key holds names: lower case, its accented letters plain (NAME_FOLD_FROM). */
export function foldName(text: string): string {
  return [...text.normalize('NFC').toLowerCase()].map((letter) => NAME_FOLD.get(letter) ?? letter).join('');
}

export const searchTextSchema = z
  .string()
  .trim()
  .max(SEARCH_MAX, `Search is at most ${SEARCH_MAX} characters`)
  .regex(SEARCH_PATTERN, 'Search by name: letters, spaces, apostrophes, hyphens and dots only');

/** A yes/no filter of a list (?hasVideo=yes), named in its message. */
export const yesNo = (what: string) => z.enum(['yes', 'no'], { error: `${what}: use yes or no` });

// ---------------------------------------------------------------------------------------------
// Agent roster (GET /api/agent/players)

export const ROSTER_PAGE_SIZE = 25;
/** A searched or filtered roster is counted up to this many players ("1,000+ players found"): the count then stops early. */
export const ROSTER_COUNT_CAP = 1000;
/**
 * How many players the agent dashboard's roster shows: the first of the roster's first screen
 * (complete profiles, news first). The whole roster is paged at /agent/players: an agency of tens
 * of thousands of athletes is never sent or drawn whole.
 */
export const DASHBOARD_ROSTER_PREVIEW = 6;
/** The roster the dashboard previews: complete profiles, in the roster's default order (news first). */
export const DASHBOARD_ROSTER_QUERY = { profile: 'complete' } as const;
export const ROSTER_SORTS = ['news', 'name', 'updated', 'score'] as const;
export type RosterSort = (typeof ROSTER_SORTS)[number];

/** A page number of a paged list (?page=, from 1): past the end, a page is empty, not an error. */
const pageNumberSchema = z.coerce
  .number({ error: 'Page is a whole number' })
  .int('Page is a whole number')
  .min(1, 'Pages start at 1')
  .max(100_000, 'Page is too large')
  .default(1);

export const rosterQuerySchema = z.object({
  q: searchTextSchema.optional(),
  position: z.enum(ATHLETE_POSITIONS, { error: 'Unknown position' }).optional(),
  league: z.enum(LEAGUE_VALUES, { error: 'Unknown league' }).optional(),
  profile: z.enum(['complete', 'incomplete'], { error: 'Profile: use complete or incomplete' }).optional(),
  hasMatches: yesNo('Has matches').optional(),
  matchStatus: z.enum(MATCH_STATUSES, { error: 'Unknown match status' }).optional(),
  sort: z.enum(ROSTER_SORTS, { error: 'Sort by news, name, updated or score' }).default('news'),
  page: pageNumberSchema,
});
export type RosterQuery = z.infer<typeof rosterQuerySchema>;

// ---------------------------------------------------------------------------------------------
// The agent's conversation hub (GET /api/agent/matches)

/**
 * Matches per status group and page of the hub, the latest changes first, then 'Show more': a hub
 * card is tall (about 480 px on a phone), and the three groups' first pages make the first screen.
 */
export const HUB_PAGE_SIZE = 10;

export const agentMatchesQuerySchema = z.object({
  status: z.enum(MATCH_STATUSES, { error: 'Unknown match status' }).optional(),
  page: pageNumberSchema,
});
export type AgentMatchesQuery = z.infer<typeof agentMatchesQuerySchema>;

/** How recent a share or an athlete's answer must be to count as news on the roster. */
export const NEWS_DAYS = 7;

// ---------------------------------------------------------------------------------------------
// Filters of a request's ranked list (GET /api/coach/requests/{id}/matches and its export)

/** The coach's match with the athlete as a filter: none yet, pending or accepted (declined ones are hidden, S13). */
export const MATCH_FILTER_STATUSES = ['not-shared', 'pending', 'accepted'] as const;
export type MatchFilterStatus = (typeof MATCH_FILTER_STATUSES)[number];

export const matchFiltersSchema = z.object({
  position: z.enum(ATHLETE_POSITIONS, { error: 'Unknown position' }).optional(),
  nationality: searchTextSchema.pipe(z.string().min(1, 'Enter a nationality')).optional(),
  league: z.enum(LEAGUE_VALUES, { error: 'Unknown league' }).optional(),
  minGpa: z.coerce
    .number({ error: 'Minimum GPA is a number from 0 to 4' })
    .min(GPA_MIN, 'Minimum GPA is a number from 0 to 4')
    .max(GPA_MAX, 'Minimum GPA is a number from 0 to 4')
    .optional(),
  hasVideo: yesNo('Has video').optional(),
  status: z.enum(MATCH_FILTER_STATUSES, { error: 'Match status: use not-shared, pending or accepted' }).optional(),
});
export type MatchFilters = z.infer<typeof matchFiltersSchema>;
export const MATCH_FILTER_KEYS = Object.keys(matchFiltersSchema.shape) as (keyof MatchFilters)[];

export const hasMatchFilters = (filters: MatchFilters) => MATCH_FILTER_KEYS.some((key) => filters[key] !== undefined);

/** The GPA steps the filter offers, with counts. */
export const GPA_FILTER_STEPS = [2, 2.5, 3, 3.5] as const;

// ---------------------------------------------------------------------------------------------
// Export

/** Spreadsheet programs run cells that start with these as formulas: such a cell gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The cell separator of a CSV: a comma, or a semicolon for readers whose spreadsheet program uses
 * the decimal comma (Excel in Spanish splits on semicolons, and a comma-separated file opens there
 * in one column).
 */
export type CsvSeparator = ',' | ';';

/** One CSV cell: formula-safe, quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string | number | null | undefined, separator: CsvSeparator = ','): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as CSV, with a byte order mark so spreadsheet programs read UTF-8 accents right. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>, separator: CsvSeparator = ','): string {
  return `\uFEFF${rows.map((row) => row.map((cell) => csvCell(cell, separator)).join(separator)).join('\r\n')}\r\n`;
}

/** The compare view takes 2 to 4 athletes. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
