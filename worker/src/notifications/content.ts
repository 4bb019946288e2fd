import { LANGUAGES, requestName, type Language } from '@app/domain';
import type { NotificationKindColumn, NotificationTexts, Role } from '../db/schema.ts';
import { mailTexts, type NotificationNames } from '../mail-texts.ts';

/** Everything the texts of one event need, read once by the processor. */
export interface EventContext {
  kind: NotificationKindColumn;
  matchId: string | null;
  requestId: string;
  status: string | null;
  /** A share the athlete's auto-accept preference accepted at once (M3). */
  autoAccepted?: boolean;
  athleteName: string;
  coachName: string;
  programName: string;
  /** The request's positions and team categories (stored values), which name it in the texts. */
  requestPositions: readonly string[];
  requestTeams: readonly string[];
  /** For a message: who wrote it and the text. */
  senderName?: string;
  senderRole?: Role;
  messageBody?: string;
}

export interface NotificationText {
  title: string;
  body: string;
  link: string;
}

const preview = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The request as its list names it, in a language: "Center Back (Men's Team)", "Defensa central (Equipo masculino)". */
export function requestLabel(c: Pick<EventContext, 'requestPositions' | 'requestTeams'>, language: Language | null): string {
  return requestName(language, { positions: c.requestPositions, teamCategories: c.requestTeams }, mailTexts(language).notification.anyPosition);
}

/**
 * A message's sender and whom its thread is with, as `recipient` knows them: an athlete's threads
 * are with programs (a coach signs with theirs), a coach's and an agent's with athletes. Who the
 * thread is with is said only when someone else wrote (an agent writes in many threads).
 */
function messageNames(
  c: EventContext,
  recipient: Role,
  names: Pick<NotificationNames, 'athleteName' | 'coachLabel' | 'programOrCoach'>,
): Pick<NotificationNames, 'senderName' | 'messageAbout'> {
  const senderName = recipient === 'athlete' && c.senderRole === 'coach' ? names.coachLabel : c.senderName;
  const withSide: Role = recipient === 'athlete' ? 'coach' : 'athlete';
  if (c.senderRole === withSide) return { senderName };
  return { senderName, messageAbout: withSide === 'coach' ? names.programOrCoach : names.athleteName };
}

/** What one recipient reads, in their language, and where the link takes them (the screen that acts on it). */
export function notificationText(c: EventContext, role: Role, language: Language | null = null): NotificationText {
  const texts = mailTexts(language).notification;
  const parties = {
    athleteName: c.athleteName,
    coachLabel: c.programName ? `${c.coachName} (${c.programName})` : c.coachName,
    programOrCoach: c.programName || c.coachName,
  };
  const names: NotificationNames = { ...parties, request: requestLabel(c, language), ...messageNames(c, role, parties) };
  const thread = `/messages/${c.matchId}`;
  // The screen that acts on the match, at its card (web/src/ui/linkedMatch.ts).
  const atMatch = c.matchId ? `match=${c.matchId}` : '';
  const matchScreen =
    role === 'athlete'
      ? `/athlete-matches${atMatch && `?${atMatch}`}`
      : role === 'agent'
        ? `/agent-dashboard?view=hub${atMatch && `&${atMatch}`}`
        : `/coach-requests?request=${c.requestId}${atMatch && `&${atMatch}`}`;
  const text = ([title, body]: [string, string], link: string) => ({ title, body, link });
  switch (c.kind) {
    case 'match_shared':
      if (c.autoAccepted)
        return role === 'athlete' ? text(texts.sharedAutoAccepted.athlete(names), thread) : text(texts.sharedAutoAccepted.other(names), matchScreen);
      return text(role === 'athlete' ? texts.shared.athlete(names) : texts.shared.other(names), matchScreen);
    case 'match_answered': {
      const accepted = c.status === 'accepted';
      return role === 'coach'
        ? text(texts.answered.coach(names, accepted), accepted ? thread : matchScreen)
        : text(texts.answered.other(names, accepted), matchScreen);
    }
    case 'match_confirmed':
      return role === 'athlete' ? text(texts.confirmed.athlete(names), thread) : text(texts.confirmed.other(names), matchScreen);
    case 'message':
      return { title: texts.message(names), body: preview(c.messageBody ?? ''), link: thread };
    case 'top15':
      return text(texts.top15(names), `/coach-requests?request=${c.requestId}`);
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** One email in the recipient's language: a text and an HTML part with the same content, the screen's link and the unsubscribe link. */
export function renderEmail(input: {
  productName: string;
  heading: string;
  lines: string[];
  actionLabel: string;
  actionUrl: string;
  unsubscribeUrl: string;
  kind: NotificationKindColumn;
  language?: Language | null;
}) {
  const texts = mailTexts(input.language).email;
  const reason = texts.reason(input.kind);
  const footer = `${reason} ${texts.unsubscribe}: ${input.unsubscribeUrl}`;
  const text = [input.heading, '', ...input.lines, '', `${input.actionLabel}: ${input.actionUrl}`, '', '—', input.productName, footer, ''].join('\n');
  const html = `<!doctype html><html lang="${input.language ?? 'en'}"><body style="font-family:Arial,sans-serif;color:#1b1b1b;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(input.heading)}</h1>
${input.lines.map((l) => `<p style="white-space:pre-wrap">${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.actionUrl)}" style="display:inline-block;padding:10px 16px;background:#0b5cad;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(input.actionLabel)}</a></p>
<hr><p style="font-size:12px;color:#555">${escapeHtml(input.productName)} · ${escapeHtml(reason)} <a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(texts.unsubscribe)}</a></p>
</body></html>`;
  return { text, html };
}

/**
 * The title and body in every language of the app, stored beside the recipient's own (migration
 * 2026-12-07T08-00): the list shows its reader's language now, which may not be the one they had
 * when the event happened.
 */
export function notificationTexts(c: EventContext, role: Role): NotificationTexts {
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const { title, body } = notificationText(c, role, language);
      return [language, { title, body }];
    }),
  );
}
