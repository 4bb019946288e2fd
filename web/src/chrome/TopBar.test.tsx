// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetchPerTest } from '../testing/fakeFetch.ts';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import { TopBar } from './TopBar.tsx';

/** The top bar marks the signed-in role's current section: its page and, for sections, the pages under it. */
let role = 'coach';
fakeFetchPerTest(({ url }) => {
  if (url.endsWith('/session')) return { status: 200, body: { user: { id: 'u1', role, email: 'u@example.com' } } };
  if (url.includes('/notifications')) return { status: 200, body: { unread: 0, items: [] } };
  return { status: 200, body: {} };
});

const renderAt = (path: string) => renderRoutes([{ path: '*', element: <TopBar /> }], path);
const current = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('TopBar', () => {
  it('marks Messages on a thread', async () => {
    role = 'athlete';
    renderAt('/messages/m1');
    await screen.findByRole('link', { name: 'Matches' });
    expect(current()).toEqual(['Messages']);
  });

  it("marks Requests on a request's edit page", async () => {
    role = 'coach';
    renderAt('/coach-requests/r1/edit');
    await screen.findByRole('link', { name: 'Requests' });
    expect(current()).toEqual(['Requests']);
  });

  it('marks nothing on a page outside the sections', async () => {
    role = 'coach';
    renderAt('/coach/athletes/a1');
    await screen.findByRole('link', { name: 'Requests' });
    expect(current()).toEqual([]);
  });
});
