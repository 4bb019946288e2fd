import { i18n } from '../i18n/index.ts';
import type { AgentMatch, MatchEvent, MatchStatus, StatusCounts } from './api/workspaceTypes.ts';

/** Texts the agent screens derive from the workspace data, in the current language. */

const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, { ns: 'agent', ...values });

export const NO_COUNTS: StatusCounts = { accepted: 0, pending: 0, declined: 0 };

/** GPA to one decimal in the language's digits, or the fallback. */
export function gpaText(gpa: number | null | undefined, fallback = '—'): string {
  return typeof gpa === 'number' && Number.isFinite(gpa) ? new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(gpa) : fallback;
}

/** A score as shown on a card: '85.5%' ('85,5 %' in Spanish). */
export function percentText(value: number): string {
  return new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
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
  return d ? new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', year: 'numeric' }).format(d) : t('recently');
}

export function eventTimeText(at: string): string {
  const d = parse(at);
  return d ? new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(d) : t('recently');
}

/** One audit entry in words: 'Shared by Dana Reyes (coach)'. */
export function eventText(event: MatchEvent): string {
  if (event.actorRole === 'system') return event.toStatus === 'accepted' ? t('events.autoAccepted') : t('events.automatic', { status: statusWord(event.toStatus) });
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

/** A position as the spec stores it ('Left Back'), in the current language. */
export function positionLabel(position: string): string {
  const labels: Record<string, string> = {
    Goalkeeper: t('positions.goalkeeper'),
    'Left Back': t('positions.leftBack'),
    'Center Back': t('positions.centerBack'),
    'Right Back': t('positions.rightBack'),
    'Defensive Midfield': t('positions.defensiveMidfield'),
    'Central Midfield': t('positions.centralMidfield'),
    'Attacking Midfield': t('positions.attackingMidfield'),
    Winger: t('positions.winger'),
    'Left Winger': t('positions.leftWinger'),
    'Right Winger': t('positions.rightWinger'),
    Forward: t('positions.forward'),
  };
  return labels[position] ?? position;
}

/** A start term ('Fall 2026') in the current language; anything else as it is. */
export function termLabel(term: string): string {
  const m = /^(Fall|Spring) (\d{4})$/.exec(term);
  if (!m) return term;
  return m[1] === 'Fall' ? t('terms.fall', { year: m[2] }) : t('terms.spring', { year: m[2] });
}

/** A team category ("Men's Team") in the current language. */
export function teamCategoryLabel(category: string): string {
  const labels: Record<string, string> = { "Men's Team": t('teamCategories.men'), "Women's Team": t('teamCategories.women') };
  return labels[category] ?? category;
}
