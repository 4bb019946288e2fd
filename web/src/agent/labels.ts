import { i18n } from '../i18n/index.ts';
import { currentLocale, formatDate, formatNumber } from '../ui/format.ts';
import type { AgentMatch, MatchEvent, MatchStatus, StatusCounts } from './api/workspaceTypes.ts';

/** Texts the agent screens derive from the workspace data, in the current language. */

const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, { ns: 'agent', ...values });

/** GPA to one decimal in the language's digits, or the fallback. */
export function gpaText(gpa: number | null | undefined, fallback = '—'): string {
  return typeof gpa === 'number' && Number.isFinite(gpa) ? formatNumber(gpa, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) : fallback;
}

/** A score as shown on a card: '85.5%' ('85,5 %' in Spanish). */
export function percentText(value: number): string {
  return formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 });
}

/** The agent's name, falling back to their email (spec section 2). */
export function agentDisplayName(agent: { firstName?: string | null; lastName?: string | null; email: string }): string {
  return [agent.firstName, agent.lastName].filter((p) => p && p.trim()).join(' ') || agent.email;
}

/** The hub's groups (spec section 2), in order: title and status badge of each. */
export function hubGroups(): Array<{ status: MatchStatus; title: string; badge: string; badgeClass: string }> {
  return [
    { status: 'accepted', title: t('hub.groups.accepted'), badge: t('status.accepted'), badgeClass: 'badge badge-success' },
    { status: 'pending', title: t('hub.groups.pending'), badge: t('status.pendingPlayer'), badgeClass: 'badge badge-warn' },
    { status: 'declined', title: t('hub.groups.declined'), badge: t('status.declined'), badgeClass: 'badge badge-danger' },
  ];
}

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** When the coach shared the match: the first event's time, or 'Recently' when unknown. */
export function sharedDateText(match: Pick<AgentMatch, 'createdAt' | 'events'>): string {
  const d = parse(match.events[0]?.at ?? match.createdAt);
  return d ? formatDate(d) : t('recently');
}

export function eventTimeText(at: string): string {
  const d = parse(at);
  return d
    ? new Intl.DateTimeFormat(currentLocale(), { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(d)
    : t('recently');
}

/** One audit entry in words: 'Shared by Dana Reyes (coach)'. */
export function eventText(event: MatchEvent): string {
  if (event.actorRole === 'system')
    return event.toStatus === 'accepted' ? t('events.autoAccepted') : t('events.automatic', { status: statusWord(event.toStatus) });
  const action =
    event.toStatus === 'pending'
      ? event.fromStatus === 'declined'
        ? 'restored'
        : 'shared'
      : event.toStatus === 'accepted'
        ? event.actorRole === 'coach'
          ? 'confirmed'
          : 'accepted'
        : 'declined';
  const role = { coach: t('events.roles.coach'), athlete: t('events.roles.player'), agent: t('events.roles.agent') }[event.actorRole];
  return t('events.byActor', { action, name: event.actorName, role });
}

/** A status as a word inside a sentence ('pending'). */
function statusWord(status: MatchStatus): string {
  return { accepted: t('events.statusWords.accepted'), pending: t('events.statusWords.pending'), declined: t('events.statusWords.declined') }[status];
}

/** A match's counts in one line: '2 matched · 1 pending · 0 declined', or 'No matches yet'. */
export function matchesText(counts: StatusCounts): string {
  const total = counts.accepted + counts.pending + counts.declined;
  if (total === 0) return t('players.noMatches');
  return t('players.matchCounts', counts);
}
