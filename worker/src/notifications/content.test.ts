import { describe, expect, it } from 'vitest';
import { escapeHtml, notificationText, renderEmail, type EventContext } from './content.ts';
import { matchNotificationKind } from '../store/notifications.ts';

describe('matchNotificationKind (N1)', () => {
  it.each([
    [null, 'pending', 'coach', 'match_shared'],
    ['declined', 'pending', 'coach', 'match_shared'], // a restore shares again
    ['pending', 'accepted', 'coach', 'match_confirmed'],
    ['pending', 'accepted', 'athlete', 'match_answered'],
    ['pending', 'declined', 'athlete', 'match_answered'],
    [null, 'declined', 'coach', null], // hiding a player never shared is private
    ['pending', 'declined', 'coach', null],
    ['accepted', 'declined', 'coach', null],
    ['pending', 'accepted', 'system', null], // the auto-accept after a share (the share is announced)
  ] as const)('%s -> %s by %s: %s', (from, to, actor, kind) => {
    expect(matchNotificationKind(from, to, actor)).toBe(kind);
  });
});

describe('texts and emails', () => {
  const context: EventContext = {
    kind: 'message',
    matchId: 'm1',
    requestId: 'r1',
    status: 'accepted',
    athleteName: 'Lucía',
    coachName: 'Dana Reyes',
    programName: 'Hudson State',
    senderName: 'Dana Reyes',
    messageBody: 'x'.repeat(300),
  };

  it('previews long messages and links to the thread', () => {
    const text = notificationText(context, 'athlete');
    expect(text.link).toBe('/messages/m1');
    expect(text.body.length).toBeLessThanOrEqual(140);
    expect(text.body.endsWith('…')).toBe(true);
  });

  it('escapes everything user-written in the HTML part, keeps the text part as written', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const { text, html } = renderEmail({
      productName: 'Recruiting Platform',
      heading: 'New message from <b>Eve</b>',
      lines: ['<script>alert(1)</script>'],
      actionLabel: 'Open',
      actionUrl: 'https://example.com/messages/m1',
      unsubscribeUrl: 'https://example.com/unsubscribe?token=a.b.c',
      kind: 'message',
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Eve');
    expect(html).toContain('&lt;script&gt;');
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('https://example.com/unsubscribe?token=a.b.c');
    expect(html).toContain('href="https://example.com/unsubscribe?token=a.b.c"');
  });
});
