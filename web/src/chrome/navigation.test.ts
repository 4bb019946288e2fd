import { describe, expect, it } from 'vitest';
import { NAV_ENTRIES, navEntriesFor, visibleNavEntries } from './navigation.ts';

const labels = (pathname: string) => navEntriesFor(pathname).map((e) => e.label);

describe('top bar links', () => {
  it("show a signed-in role's own links inside its area", () => {
    expect(labels('/athlete-dashboard')).toEqual(['Dashboard', 'Profile', 'Matches', 'Messages']);
    expect(labels('/athlete-complete-profile')).toEqual(['Dashboard', 'Profile', 'Matches', 'Messages']);
    expect(labels('/coach-requests')).toEqual(['Requests', 'Profile', 'Messages']);
    expect(labels('/coach/athletes/123')).toEqual(['Requests', 'Profile', 'Messages']);
    expect(labels('/agent/players')).toEqual(['Dashboard', 'Players', 'Messages']);
  });

  it("show the signed-in user's own links on the pages every role shares", () => {
    expect(navEntriesFor('/notifications', 'coach').map((e) => e.label)).toEqual(['Requests', 'Profile', 'Messages']);
    expect(navEntriesFor('/messages/123', 'athlete').map((e) => e.label)).toEqual(['Dashboard', 'Profile', 'Matches', 'Messages']);
    expect(navEntriesFor('/notification-settings', 'agent').map((e) => e.label)).toEqual(['Dashboard', 'Players', 'Messages']);
    expect(labels('/notifications')).toEqual(visibleNavEntries(NAV_ENTRIES).map((e) => e.label));
  });

  it('show the marketing navigation on public, sign-in and unknown pages', () => {
    const marketing = visibleNavEntries(NAV_ENTRIES).map((e) => e.label);
    for (const pathname of ['/', '/faq', '/athlete-login', '/coach-register', '/support/insights', '/no-such-page'])
      expect(labels(pathname), pathname).toEqual(marketing);
  });
});
