import type { AgentMatch, MatchEvent, MatchStatus, StatusCounts } from './api/workspaceTypes.ts';

/** Texts the agent screens derive from the workspace data. */

export const NO_COUNTS: StatusCounts = { accepted: 0, pending: 0, declined: 0 };

/** GPA to one decimal, or the fallback. */
export function gpaText(gpa: number | null | undefined, fallback = '—'): string {
  return typeof gpa === 'number' && Number.isFinite(gpa) ? gpa.toFixed(1) : fallback;
}

/** The agent's name, falling back to their email (spec section 2). */
export function agentDisplayName(agent: { firstName?: string | null; lastName?: string | null; email: string }): string {
  return [agent.firstName, agent.lastName].filter((p) => p && p.trim()).join(' ') || agent.email;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const HUB_GROUPS: Array<{ status: MatchStatus; title: string; badge: string; badgeClass: string }> = [
  { status: 'accepted', title: 'Ready to connect', badge: 'Matched', badgeClass: 'badge badge-success' },
  { status: 'pending', title: 'Awaiting response', badge: 'Pending player response', badgeClass: 'badge badge-warn' },
  { status: 'declined', title: 'Closed', badge: 'Declined', badgeClass: 'badge badge-danger' },
];

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const dateOnly = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** When the coach shared the match: the first event's time, or 'Recently' when unknown. */
export function sharedDateText(match: Pick<AgentMatch, 'createdAt' | 'events'>): string {
  const d = parse(match.events[0]?.at ?? match.createdAt);
  return d ? dateOnly.format(d) : 'Recently';
}

export function eventTimeText(at: string): string {
  const d = parse(at);
  return d ? dateTime.format(d) : 'Recently';
}

const ROLE_WORD: Record<MatchEvent['actorRole'], string> = { coach: 'coach', athlete: 'player', agent: 'agent', system: 'automatic' };

/** One audit entry in words: 'Shared by Dana Reyes (coach)'. */
export function eventText(event: MatchEvent): string {
  if (event.actorRole === 'system') return event.toStatus === 'accepted' ? 'Auto-accepted (player preference)' : `Set to ${event.toStatus} automatically`;
  const verb =
    event.toStatus === 'pending'
      ? event.fromStatus === 'declined'
        ? 'Restored'
        : 'Shared'
      : event.toStatus === 'accepted'
        ? event.actorRole === 'coach'
          ? 'Confirmed'
          : 'Accepted'
        : 'Declined';
  return `${verb} by ${event.actorName} (${ROLE_WORD[event.actorRole]})`;
}
