// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AthleteProfile } from './api/types.ts';
import { ProfileTips } from './ProfileTips.tsx';

afterEach(cleanup);

const FULL = {
  id: 'a1',
  fullName: 'Lucía Torres',
  profileCompleted: true,
  gpa: 3.6,
  primaryPosition: 'Center Back',
  secondaryPosition: 'Defensive Midfield',
  playerExtras: ['Team captain'],
  highlightVideoUrl: 'https://youtu.be/abc',
  externalLinks: [{ platform: 'Transfermarkt', url: 'https://www.transfermarkt.com/lucia' }],
  profilePhotoUrl: 'media/p1',
} as unknown as AthleteProfile;

function renderTips(profile: AthleteProfile) {
  render(
    <MemoryRouter>
      <ProfileTips profile={profile} />
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Stand out to coaches' });
}

describe('ProfileTips', () => {
  it('says a profile with every scored item has nothing to add', () => {
    const card = renderTips(FULL);
    expect(within(card).getByText(/has everything the coaches’ lists score/)).toBeTruthy();
    expect(within(card).queryAllByRole('link')).toEqual([]);
  });

  it('lists what is missing, each linking to its field of the profile form', () => {
    const card = renderTips({ ...FULL, highlightVideoUrl: undefined, externalLinks: [], playerExtras: [], profilePhotoUrl: null });
    const links = within(card).getAllByRole('link');
    expect(links.map((l) => [l.getAttribute('aria-label'), l.getAttribute('href')])).toEqual([
      ['Add it: Add a highlight video', '/athlete-complete-profile#highlightVideoUrl'],
      // A center back has no goals + assists field: the stats are a link.
      ['Add it: Add your recent statistics', '/athlete-complete-profile#externalLinks'],
      ['Add it: Add your extras', '/athlete-complete-profile#playerExtras'],
      ['Add it: Add a profile photo', '/athlete-complete-profile#photo'],
    ]);
    expect(within(card).getByText(/every match score is 5% lower, and coaches who filter/)).toBeTruthy();
  });

  it("sends an attacking player's missing statistics to the goals + assists field", () => {
    const card = renderTips({ ...FULL, primaryPosition: 'Forward', externalLinks: [] });
    expect(within(card).getByRole('link', { name: 'Add it: Add your recent statistics' }).getAttribute('href')).toBe(
      '/athlete-complete-profile#goalsAssistsLastSeason',
    );
  });
});
