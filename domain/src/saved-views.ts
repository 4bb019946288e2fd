// Saved views (issue 18): a coach's or an agent's named list views, reopened in one click. A view
// is the list's address query, checked by the list's own schema and kept in one canonical form:
// a coach's holds a request's view and filters (it applies to any of their requests), an agent's
// the roster's search, filters and order (without the page).
import { z } from 'zod';
import { requiredText } from './fields.ts';
import { matchFiltersSchema, MATCH_FILTER_KEYS, rosterQuerySchema, type MatchFilters } from './list-tools.ts';
import { matchViewSchema } from './match.ts';
import { MATCH_VIEWS, type MatchView } from './reference.ts';
import { isoDateTime } from './wire/common.ts';

export const SAVED_VIEW_NAME_MAX = 60;
/** Saved views per user: a short menu, not a second list to manage. */
export const SAVED_VIEWS_MAX = 20;

export const SAVED_VIEW_MESSAGES = {
  nameRequired: 'Give the view a name',
  nothingToSave: 'Choose a filter, a search or an order first: this view is the whole list',
  unknownParameter: 'Unknown list setting: {name}',
  tooMany: `You have ${SAVED_VIEWS_MAX} saved views: delete one to save another`,
  notFound: 'Saved view not found',
  nameTaken: 'You already have a view named {name}',
  tooLong: 'This view has too many settings',
  unknownView: 'Unknown view',
} as const;

export type SavedViewRole = 'coach' | 'agent';

/** A request's list: its view and filters, as the URL of /coach-requests carries them beside ?request=. */
export const matchListQuerySchema = z.object({ view: z.enum(MATCH_VIEWS, { error: SAVED_VIEW_MESSAGES.unknownView }).optional(), ...matchFiltersSchema.shape });
/** The roster: its search, filters and order, without the page. */
const rosterViewQuerySchema = rosterQuerySchema.omit({ page: true }).extend({ sort: rosterQuerySchema.shape.sort.removeDefault().optional() });

const QUERY_SCHEMAS = { coach: matchListQuerySchema, agent: rosterViewQuerySchema } as const;
/** Parameters of the address that are not part of a view: which request is open, which page. */
const NOT_VIEW_KEYS: Record<SavedViewRole, readonly string[]> = { coach: ['request'], agent: ['page'] };
/** The view a request's list opens on, as its own schema says. */
const DEFAULT_VIEW = matchViewSchema.parse(undefined);
/** Values a list shows without being asked (the lists' own defaults): not worth a parameter in a saved view. */
const DEFAULTS: Record<string, string> = { view: DEFAULT_VIEW, sort: rosterQuerySchema.shape.sort.parse(undefined) };

/**
 * A view's query in its canonical form (its keys in the schema's order, values as parsed, defaults
 * left out), or the first problem found: a parameter the list does not know, a bad value, or
 * nothing at all to save.
 */
export function canonicalViewQuery(role: SavedViewRole, query: string): { query: string } | { error: string } {
  const schema = QUERY_SCHEMAS[role];
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const input: Record<string, string> = {};
  for (const [key, value] of params) {
    if (NOT_VIEW_KEYS[role].includes(key)) continue;
    if (!(key in schema.shape)) return { error: SAVED_VIEW_MESSAGES.unknownParameter.replace('{name}', key) };
    if (value !== '') input[key] = value;
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { error: parsed.error.issues[0].message };
  const canonical = new URLSearchParams();
  for (const key of Object.keys(schema.shape)) {
    // Every setting parses to a string or a number.
    const value = (parsed.data as Record<string, string | number | undefined>)[key];
    if (value !== undefined && value !== '' && String(value) !== DEFAULTS[key]) canonical.set(key, String(value));
  }
  if (canonical.size === 0) return { error: SAVED_VIEW_MESSAGES.nothingToSave };
  return { query: canonical.toString() };
}

/**
 * A request's list view and filters read from an address, leniently: a value the list does not
 * take (an old bookmark, a hand-edited address) is left out rather than breaking the page.
 */
export function matchListFromParams(params: URLSearchParams): { view: MatchView; filters: MatchFilters } {
  const view = matchListQuerySchema.shape.view.safeParse(params.get('view') ?? undefined);
  const filters: MatchFilters = {};
  for (const key of MATCH_FILTER_KEYS) {
    const raw = params.get(key);
    if (raw === null || raw === '') continue;
    const value = matchFiltersSchema.shape[key].safeParse(raw);
    if (value.success && value.data !== undefined) Object.assign(filters, { [key]: value.data });
  }
  return { view: (view.success && view.data) || DEFAULT_VIEW, filters };
}

/**
 * The roster's address query as the roster takes it, read leniently as a request's list is: each
 * parameter the roster knows, with its value as the server parses it (the search trimmed, the
 * page a whole number); a value the server would refuse (an old bookmark, a hand-edited address)
 * and any parameter it does not know are left out.
 */
export function rosterQueryFromParams(params: URLSearchParams): URLSearchParams {
  const shape = rosterQuerySchema.shape;
  const kept = new URLSearchParams();
  const seen = new Set<string>();
  for (const [key, value] of params) {
    if (!(key in shape) || seen.has(key)) continue;
    seen.add(key);
    const parsed = shape[key as keyof typeof shape].safeParse(value);
    if (parsed.success && parsed.data !== undefined && parsed.data !== '') kept.set(key, String(parsed.data));
  }
  return kept;
}

/** The address parameters of a request's list view and filters (top15 and unset filters left out), in a fixed order. */
export function matchListParams(view: MatchView, filters: MatchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (view !== DEFAULT_VIEW) params.set('view', view);
  for (const key of MATCH_FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

/** POST /api/coach/saved-views, /api/agent/saved-views. */
export const savedViewInputSchema = z.strictObject({
  name: requiredText(SAVED_VIEW_MESSAGES.nameRequired, SAVED_VIEW_NAME_MAX),
  query: z.string().max(2000, SAVED_VIEW_MESSAGES.tooLong),
});
export type SavedViewInput = z.infer<typeof savedViewInputSchema>;

/** PATCH …/saved-views/:id: a new name for a view; its settings stay. */
export const savedViewRenameSchema = savedViewInputSchema.pick({ name: true });

export const savedViewSchema = z.object({ id: z.string(), name: z.string(), query: z.string(), createdAt: isoDateTime() }).meta({ id: 'SavedView' });
export type SavedView = z.infer<typeof savedViewSchema>;

/** GET …/saved-views: the user's views, by name. */
export const savedViewListSchema = z.object({ views: z.array(savedViewSchema) }).meta({ id: 'SavedViewList' });
export type SavedViewList = z.infer<typeof savedViewListSchema>;
