import { describe, expect, it } from 'vitest';
import type { MatchEvent } from './api/workspaceTypes.ts';
import { agentDisplayName, eventText, gpaText, sharedDateText } from './labels.ts';

const event = (e: Partial<MatchEvent>): MatchEvent => ({
  fromStatus: null,
  toStatus: 'pending',
  actorRole: 'coach',
  actorName: 'Dana Reyes',
  at: '2026-03-04T10:00:00.000Z',
  ...e,
});

describe('agent labels', () => {
  it('writes each audit entry as who did what', () => {
    expect(eventText(event({}))).toBe('Shared by Dana Reyes (coach)');
    expect(eventText(event({ fromStatus: 'pending', toStatus: 'accepted' }))).toBe('Confirmed by Dana Reyes (coach)');
    expect(eventText(event({ fromStatus: 'pending', toStatus: 'accepted', actorRole: 'athlete', actorName: 'Ana' }))).toBe('Accepted by Ana (player)');
    expect(eventText(event({ fromStatus: 'pending', toStatus: 'declined', actorRole: 'athlete', actorName: 'Ana' }))).toBe('Declined by Ana (player)');
    expect(eventText(event({ fromStatus: null, toStatus: 'declined' }))).toBe('Declined by Dana Reyes (coach)');
    expect(eventText(event({ fromStatus: 'declined', toStatus: 'pending' }))).toBe('Restored by Dana Reyes (coach)');
    expect(eventText(event({ fromStatus: 'pending', toStatus: 'accepted', actorRole: 'system', actorName: 'Auto-accept preference' }))).toBe(
      'Auto-accepted (player preference)',
    );
  });

  it('shows GPA to one decimal, or the fallback', () => {
    expect([gpaText(3.45), gpaText(4), gpaText(null), gpaText(null, 'N/A')]).toEqual(['3.5', '4.0', '—', 'N/A']);
  });

  it('names the agent, falling back to the email', () => {
    expect(agentDisplayName({ firstName: 'Elena', lastName: 'Soto', email: 'e@x.co' })).toBe('Elena Soto');
    expect(agentDisplayName({ firstName: ' ', lastName: '', email: 'e@x.co' })).toBe('e@x.co');
  });

  it("dates a match by its first event, or says 'Recently'", () => {
    expect(sharedDateText({ createdAt: '2026-01-01T00:00:00Z', events: [event({ at: '2026-03-04T10:00:00.000Z' })] })).toBe('Mar 4, 2026');
    expect(sharedDateText({ createdAt: 'nonsense', events: [] })).toBe('Recently');
  });
});
