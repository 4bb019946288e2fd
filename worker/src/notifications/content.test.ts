import { describe, expect, it } from 'vitest';
import { escapeHtml, notificationText, notificationTexts, renderEmail, type EventContext } from './content.ts';
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
    requestPositions: ['Center Back'],
    requestTeams: ["Men's Team"],
    senderName: 'Dana Reyes',
    senderRole: 'coach',
    messageBody: 'x'.repeat(300),
  };

  it('keeps the title and body in every language, each as that language writes them', () => {
    const share: EventContext = { ...context, kind: 'match_shared', senderName: undefined, senderRole: undefined, messageBody: undefined };
    const texts = notificationTexts(share, 'athlete');
    expect(Object.keys(texts)).toEqual(['en', 'es']);
    for (const language of ['en', 'es'] as const) {
      const { title, body } = notificationText(share, 'athlete', language);
      expect(texts[language]).toEqual({ title, body });
    }
    expect(texts.es?.body).toContain('Defensa central (Equipo masculino)');
  });

  it('previews long messages and links to the thread', () => {
    const text = notificationText(context, 'athlete');
    expect(text.link).toBe('/messages/m1');
    expect(text.body.length).toBeLessThanOrEqual(140);
    expect(text.body.endsWith('…')).toBe(true);
  });

  it('names a message’s sender as the recipient knows them, and whom the thread is with when someone else wrote', () => {
    const from = (senderRole: 'coach' | 'athlete' | 'agent', senderName: string) => ({ ...context, senderRole, senderName });
    const titles = (c: EventContext, recipients: Array<'coach' | 'athlete' | 'agent'>) => recipients.map((r) => notificationText(c, r).title);
    // The coach writes: the athlete reads their program; the agent (of many athletes) reads whose thread.
    expect(titles(from('coach', 'Dana Reyes'), ['athlete', 'agent'])).toEqual([
      'New message from Dana Reyes (Hudson State)',
      'New message from Dana Reyes about Lucía',
    ]);
    // The athlete writes: their name says whose thread it is.
    expect(titles(from('athlete', 'Lucía'), ['coach', 'agent'])).toEqual(['New message from Lucía', 'New message from Lucía']);
    // The agent writes: the coach reads which athlete, the athlete which program.
    expect(titles(from('agent', 'Ana Gil'), ['coach', 'athlete'])).toEqual([
      'New message from Ana Gil about Lucía',
      'New message from Ana Gil about Hudson State',
    ]);
    // A coach without a program is named alone.
    expect(notificationText({ ...from('agent', 'Ana Gil'), programName: '' }, 'athlete').title).toBe('New message from Ana Gil about Dana Reyes');
  });

  it('escapes everything user-written in the HTML part, keeps the text part as written', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const { text, html } = renderEmail({
      productName: 'RecruitMatch',
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

  it('writes each recipient’s texts in their language (issue 19), English by default', () => {
    const shared: EventContext = { ...context, kind: 'match_shared', status: 'pending' };
    expect(notificationText(shared, 'athlete')).toEqual({
      title: 'Hudson State shared a match with you',
      body: "Dana Reyes (Hudson State) is interested in you for their Center Back (Men's Team) request. Accept or decline the match.",
      link: '/athlete-matches?match=m1',
    });
    expect(notificationText(shared, 'athlete', 'es')).toEqual({
      title: 'Hudson State ha compartido un match contigo',
      body: 'Dana Reyes (Hudson State) está interesado en ti para su solicitud de Defensa central (Equipo masculino). Acepta o rechaza el match.',
      link: '/athlete-matches?match=m1',
    });
    expect(notificationText({ ...context, kind: 'match_answered', status: 'declined' }, 'agent', 'es').title).toBe('Lucía ha rechazado un match');
    expect(notificationText(context, 'athlete', 'es').title).toBe('Nuevo mensaje de Dana Reyes (Hudson State)');
    expect(notificationText(context, 'agent', 'es').title).toBe('Nuevo mensaje de Dana Reyes sobre Lucía');
  });

  it('links each reader to the screen that acts on the match, at its card', () => {
    const answered: EventContext = { ...context, kind: 'match_answered', status: 'declined' };
    expect(notificationText(answered, 'agent').link).toBe('/agent-dashboard?view=hub&match=m1');
    expect(notificationText(answered, 'coach').link).toBe('/coach-requests?request=r1&match=m1');
    expect(notificationText({ ...answered, status: 'accepted' }, 'coach').link).toBe('/messages/m1');
    expect(notificationText({ ...context, kind: 'top15', matchId: null }, 'coach').link).toBe('/coach-requests?request=r1');
    expect(notificationText({ ...context, kind: 'match_shared', status: 'pending' }, 'athlete').link).toBe('/athlete-matches?match=m1');
    expect(notificationText({ ...context, kind: 'match_shared', status: 'pending', matchId: null }, 'agent').link).toBe('/agent-dashboard?view=hub');
  });

  it('names the request, so two requests of one coach do not read alike', () => {
    const winger: EventContext = { ...context, kind: 'match_shared', status: 'pending', requestPositions: ['Winger'], requestTeams: [] };
    const forward: EventContext = { ...winger, requestPositions: ['Forward', 'Winger'], requestTeams: ["Women's Team", "Men's Team"] };
    expect(notificationText(winger, 'agent').body).toBe('Dana Reyes (Hudson State) shared a match with Lucía for their Winger request.');
    expect(notificationText(forward, 'agent').body).toBe(
      "Dana Reyes (Hudson State) shared a match with Lucía for their Forward / Winger (Women's Team, Men's Team) request.",
    );
    expect(notificationText(forward, 'agent', 'es').body).toBe(
      'Dana Reyes (Hudson State) ha compartido un match con Lucía para su solicitud de Delantero / Extremo (Equipo femenino, Equipo masculino).',
    );
    const kinds: Array<[EventContext['kind'], string | null, 'athlete' | 'coach' | 'agent', boolean?]> = [
      ['match_shared', 'pending', 'athlete'],
      ['match_shared', 'accepted', 'athlete', true],
      ['match_shared', 'accepted', 'agent', true],
      ['match_answered', 'accepted', 'coach'],
      ['match_answered', 'declined', 'coach'],
      ['match_answered', 'declined', 'agent'],
      ['match_confirmed', 'accepted', 'athlete'],
      ['match_confirmed', 'accepted', 'agent'],
      ['top15', null, 'coach'],
    ];
    for (const [kind, status, role, autoAccepted] of kinds) {
      for (const language of ['en', 'es'] as const) {
        const body = (c: EventContext) => notificationText({ ...c, kind, status, autoAccepted }, role, language).body;
        expect(body(winger), `${kind} ${status} ${role} ${language}`).toContain(language === 'en' ? 'Winger' : 'Extremo');
        expect(body(winger)).not.toBe(body(forward));
      }
    }
    // A request saved without positions (the form never does) still reads as a sentence.
    expect(notificationText({ ...winger, kind: 'top15', requestPositions: [] }, 'coach').body).toBe(
      'Lucía is now among the 15 best matches of your Any position request.',
    );
  });

  it('writes the email’s own lines (footer, unsubscribe) in the recipient’s language', () => {
    const input = {
      productName: 'RecruitMatch',
      heading: 'H',
      lines: ['L'],
      actionLabel: 'Abrir',
      actionUrl: 'https://example.com/x',
      unsubscribeUrl: 'https://example.com/u',
      kind: 'message' as const,
    };
    const es = renderEmail({ ...input, language: 'es' });
    expect(es.text).toContain('Recibes este correo porque tienes activados los avisos por correo de mensajes nuevos. Darse de baja: https://example.com/u');
    expect(es.html).toContain('<html lang="es">');
    expect(es.html).toContain('>Darse de baja</a>');
    const en = renderEmail(input);
    expect(en.text).toContain('You receive this because email for new messages is on. Unsubscribe: https://example.com/u');
  });
});
