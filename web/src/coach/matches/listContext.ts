import { matchListFromParams, matchListParams, type MatchFilters, type MatchView } from '@app/domain';
import type { RankedMatch, RequestMatchesPage } from './api/getRequestMatches.ts';

/**
 * The ranked list a profile was opened from, as it was on screen (a request, its view and
 * filters): carried in the router's location state of the card's link, so the profile can step to
 * the previous and next players of that list without changing its address.
 */
export interface ListContext {
  requestId: string;
  view: MatchView;
  filters: MatchFilters;
}

/** The state a card's profile link carries. */
export const listState = (list: ListContext) => ({ list: { requestId: list.requestId, query: matchListParams(list.view, list.filters).toString() } });

/** The list a profile was opened from, read back from the location state (null when there is none or it is not one). */
export function listContextOf(state: unknown): ListContext | null {
  const list = (state as { list?: { requestId?: unknown; query?: unknown } } | null)?.list;
  if (typeof list?.requestId !== 'string' || typeof list.query !== 'string') return null;
  return { requestId: list.requestId, ...matchListFromParams(new URLSearchParams(list.query)) };
}

/** The players of a list's loaded pages, in order, each once (a player can only move between pages while the index changes). */
export function listedPlayers(pages: readonly RequestMatchesPage[]): RankedMatch[] {
  const seen = new Set<string>();
  return pages.flatMap((p) => p.matches).filter((m) => !seen.has(m.athlete.id) && (seen.add(m.athlete.id), true));
}

/** A player of a dashboard group, with the request of their match there. */
export interface GroupPlayer {
  id: string;
  name: string;
  requestId: string;
}

/**
 * A group of the coach's dashboard a profile was opened from ("Pending player response"): its
 * players as shown, and which of them is open (an athlete matched for two requests is there twice).
 */
export interface GroupContext {
  players: GroupPlayer[];
  at: number;
}

/** The state a dashboard group's profile link carries: the group's players, and the one it opens. */
export const groupState = (players: readonly GroupPlayer[], at: number) => ({ group: { players, at } });

const isGroupPlayer = (value: unknown): value is GroupPlayer => {
  const p = value as Partial<GroupPlayer> | null;
  return typeof p?.id === 'string' && typeof p.name === 'string' && typeof p.requestId === 'string';
};

/** The dashboard group a profile was opened from, read back from the location state (null when there is none or it is not one). */
export function groupContextOf(state: unknown): GroupContext | null {
  const group = (state as { group?: { players?: unknown; at?: unknown } } | null)?.group;
  const players = group?.players;
  const at = group?.at;
  if (!Array.isArray(players) || !players.every(isGroupPlayer) || typeof at !== 'number' || !Number.isInteger(at) || at < 0 || at >= players.length)
    return null;
  return { players, at };
}
