import { describe, expect, it } from 'vitest';
import { athleteAnswered, coachMatchTarget, MATCH_MESSAGES, refusedMove, type MatchPosition } from './match.ts';
import { MATCH_STATUSES } from './reference.ts';

const at = (status: MatchPosition['status'], setBy: MatchPosition['setBy'] = 'coach'): MatchPosition => ({ status, setBy });

describe('match state machine (decisions M1-M8)', () => {
  it('allows the coach to share, privately decline, confirm, hide and restore', () => {
    expect(refusedMove('coach', at(null, null), 'pending')).toBeNull();
    expect(refusedMove('coach', at(null, null), 'declined')).toBeNull();
    expect(refusedMove('coach', at('pending'), 'accepted')).toBeNull();
    expect(refusedMove('coach', at('pending'), 'declined')).toBeNull();
    expect(refusedMove('coach', at('accepted'), 'declined')).toBeNull();
    expect(refusedMove('coach', at('declined'), 'pending')).toBeNull();
  });

  it('refuses the coach’s other moves with a message saying why', () => {
    expect(refusedMove('coach', at('pending'), 'pending')).toBe(MATCH_MESSAGES.alreadyPending);
    expect(refusedMove('coach', at('accepted'), 'accepted')).toBe(MATCH_MESSAGES.alreadyMatched);
    expect(refusedMove('coach', at('declined'), 'declined')).toBe(MATCH_MESSAGES.alreadyHidden);
    expect(refusedMove('coach', at('declined'), 'accepted')).toBe(MATCH_MESSAGES.restoreFirst);
    expect(refusedMove('coach', at('accepted'), 'pending')).toBe(MATCH_MESSAGES.noBackToPending);
    expect(refusedMove('coach', at(null, null), 'accepted')).toBe(MATCH_MESSAGES.notShared);
  });

  it('closes every coach move once the athlete answered, themselves or by auto-accept (M6)', () => {
    for (const to of MATCH_STATUSES) {
      expect(refusedMove('coach', at('declined', 'athlete'), to)).toBe('This athlete declined this match.');
      expect(refusedMove('coach', at('accepted', 'athlete'), to)).toBe('This athlete accepted this match.');
      expect(refusedMove('coach', at('accepted', 'system'), to)).toBe('This athlete accepted this match.');
    }
    expect(athleteAnswered(at('accepted', 'coach'))).toBe(false);
    expect(athleteAnswered(at('declined', 'coach'))).toBe(false);
    expect(athleteAnswered(at('pending', 'coach'))).toBe(false);
    expect(athleteAnswered(at('declined', 'athlete'))).toBe(true);
  });

  it('lets the athlete answer a pending match only', () => {
    expect(refusedMove('athlete', at('pending'), 'accepted')).toBeNull();
    expect(refusedMove('athlete', at('pending'), 'declined')).toBeNull();
    for (const from of ['accepted', 'declined', null] as const) {
      for (const to of MATCH_STATUSES) expect(refusedMove('athlete', at(from), to)).toBe(MATCH_MESSAGES.alreadyResponded);
    }
  });

  it('⚡️ shares a player without a match and confirms a match (M1)', () => {
    expect(coachMatchTarget(null)).toBe('pending');
    expect(coachMatchTarget('pending')).toBe('accepted');
    expect(refusedMove('coach', at('declined'), coachMatchTarget('declined'))).toBe(MATCH_MESSAGES.restoreFirst);
  });
});
