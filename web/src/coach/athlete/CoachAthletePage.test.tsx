// @vitest-environment jsdom
import type { CoachAthlete } from '@app/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetchPerTest } from '../../testing/fakeFetch.ts';
import { renderRoutes } from '../../testing/renderRoutes.tsx';
import { coachAthlete } from '../matches/matchFixtures.ts';
import { CoachAthletePage } from './CoachAthletePage.tsx';

const ID = '22222222-2222-4222-8222-222222222222';
let videoUrl = '';
const athlete = (): CoachAthlete => coachAthlete(ID, 'Lucía Martín', { highlightVideoUrl: videoUrl, hasVideo: true });
fakeFetchPerTest(({ url }) => {
  if (url === `/api/coach/athletes/${ID}`) return { status: 200, body: athlete() };
  if (url === `/api/coach/athletes/${ID}/note`) return { status: 200, body: { note: null } };
  return { status: 404, body: { message: 'Not found' } };
});

const openVideo = async () => {
  renderRoutes([{ path: '/coach/athletes/:athleteId', element: <CoachAthletePage /> }], `/coach/athletes/${ID}`);
  fireEvent.click(await screen.findByRole('button', { name: '▶ Watch highlight video' }));
  return screen.getByRole('dialog', { name: 'Lucía Martín: highlight video' });
};

describe("a coach's view of an athlete's highlight video", () => {
  it('plays a YouTube video in the page', async () => {
    videoUrl = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    const dialog = await openVideo();
    expect(dialog.querySelector('iframe')?.getAttribute('src')).toContain('/embed/dQw4w9WgXcQ');
  });

  it('says where any other video is hosted and opens it in a new tab', async () => {
    videoUrl = 'https://vimeo.com/123456';
    const dialog = await openVideo();
    expect(within(dialog).getByText('This video is hosted on vimeo.com. Open it in a new tab to watch it.')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: 'Open in a new tab' });
    expect(link.getAttribute('href')).toBe(videoUrl);
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
