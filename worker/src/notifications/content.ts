import type { NotificationKindColumn, Role } from '../db/schema.ts';

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
  /** For a message: who wrote it and the text. */
  senderName?: string;
  messageBody?: string;
}

export interface NotificationText {
  title: string;
  body: string;
  link: string;
}

const preview = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The program as a recipient knows it: "Coach Jane Doe (Lakeside University)". */
function coachLabel(c: EventContext) {
  return c.programName ? `${c.coachName} (${c.programName})` : c.coachName;
}

/** What one recipient reads, and where the link takes them (the screen that acts on it). */
export function notificationText(c: EventContext, role: Role): NotificationText {
  const thread = `/messages/${c.matchId}`;
  const matchScreen = role === 'athlete' ? '/athlete-matches' : role === 'agent' ? '/agent-dashboard' : `/coach-requests?request=${c.requestId}`;
  switch (c.kind) {
    case 'match_shared':
      if (c.autoAccepted) {
        return role === 'athlete'
          ? { title: `${c.programName || c.coachName} matched with you`, body: `${coachLabel(c)} shared a match, accepted automatically (auto-accept is on). You can now message each other.`, link: thread }
          : { title: `${c.athleteName} has a new match`, body: `${coachLabel(c)} shared a match with ${c.athleteName}, accepted automatically.`, link: matchScreen };
      }
      return role === 'athlete'
        ? { title: `${c.programName || c.coachName} shared a match with you`, body: `${coachLabel(c)} is interested in you. Accept or decline the match.`, link: matchScreen }
        : { title: `${c.athleteName} has a new match`, body: `${coachLabel(c)} shared a match with ${c.athleteName}.`, link: matchScreen };
    case 'match_answered': {
      const verb = c.status === 'accepted' ? 'accepted' : 'declined';
      return role === 'coach'
        ? { title: `${c.athleteName} ${verb} your match`, body: verb === 'accepted' ? `${c.athleteName} accepted. You can now message each other.` : `${c.athleteName} declined the match.`, link: verb === 'accepted' ? thread : matchScreen }
        : { title: `${c.athleteName} ${verb} a match`, body: `${c.athleteName} ${verb} the match with ${coachLabel(c)}.`, link: matchScreen };
    }
    case 'match_confirmed':
      return role === 'athlete'
        ? { title: `${c.programName || c.coachName} confirmed your match`, body: `${coachLabel(c)} confirmed the match. You can now message each other.`, link: thread }
        : { title: `${c.athleteName}'s match is confirmed`, body: `${coachLabel(c)} confirmed the match with ${c.athleteName}.`, link: matchScreen };
    case 'message':
      return { title: `New message from ${c.senderName}`, body: preview(c.messageBody ?? ''), link: thread };
    case 'top15':
      return { title: `${c.athleteName} entered your top 15`, body: `${c.athleteName} is now among the 15 best matches of your request${c.programName ? ` for ${c.programName}` : ''}.`, link: `/coach-requests?request=${c.requestId}` };
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

export const KIND_EMAIL_LABEL: Record<NotificationKindColumn, string> = {
  match_shared: 'shared matches',
  match_answered: 'match answers',
  match_confirmed: 'confirmed matches',
  message: 'new messages',
  top15: 'the daily top 15 digest',
};

/** One email: a text and an HTML part with the same content, the screen's link and the unsubscribe link. */
export function renderEmail(input: { productName: string; heading: string; lines: string[]; actionLabel: string; actionUrl: string; unsubscribeUrl: string; kind: NotificationKindColumn }) {
  const footer = `You receive this because email for ${KIND_EMAIL_LABEL[input.kind]} is on. Unsubscribe: ${input.unsubscribeUrl}`;
  const text = [input.heading, '', ...input.lines, '', `${input.actionLabel}: ${input.actionUrl}`, '', '—', input.productName, footer, ''].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b1b1b;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(input.heading)}</h1>
${input.lines.map((l) => `<p style="white-space:pre-wrap">${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.actionUrl)}" style="display:inline-block;padding:10px 16px;background:#0b5cad;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(input.actionLabel)}</a></p>
<hr><p style="font-size:12px;color:#555">${escapeHtml(input.productName)} · You receive this because email for ${escapeHtml(KIND_EMAIL_LABEL[input.kind])} is on. <a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`;
  return { text, html };
}
