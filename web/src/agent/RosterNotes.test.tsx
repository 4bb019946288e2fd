// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetchPerTest, type FetchCall } from '../testing/fakeFetch.ts';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import AgentPlayersPage from './AgentPlayersPage.tsx';
import { rosterPlayer } from './rosterFixtures.ts';

const ANA = '11111111-1111-4111-8111-111111111111';
const BEA = '22222222-2222-4222-8222-222222222222';

let excerpts = [{ athleteId: ANA, excerpt: 'Passport renewal in May', truncated: false, updatedAt: '2026-03-04T10:00:00.000Z' }];
// The page reads the roster and the notes at once: answered by address, not in turn.
const { calls } = fakeFetchPerTest((call: FetchCall) => {
  if (call.url.startsWith('/api/agent/players'))
    return { status: 200, body: { total: 2, page: 1, pageSize: 25, players: [rosterPlayer(ANA, 'Ana Ruiz'), rosterPlayer(BEA, 'Bea Gil')] } };
  if (call.url === '/api/agent/notes') return { status: 200, body: { notes: excerpts } };
  if (call.method === 'PUT') {
    const body = (call.body as { body: string }).body;
    excerpts = [...excerpts, { athleteId: BEA, excerpt: body, truncated: false, updatedAt: '2026-03-05T10:00:00.000Z' }];
    return { status: 200, body: { note: { body, updatedAt: '2026-03-05T10:00:00.000Z' } } };
  }
  return { status: 200, body: { note: null } };
});

describe('agent roster: private notes', () => {
  it("shows the agent's note on its card and writes a new one from another card's Note button", async () => {
    renderRoutes([{ path: '/agent/players', element: <AgentPlayersPage /> }], '/agent/players');
    const ana = await screen.findByRole('article', { name: 'Ana Ruiz' });
    await waitFor(() => expect(within(ana).getByText('Your note:').parentElement!.textContent).toBe('Your note: Passport renewal in May'));
    const bea = screen.getByRole('article', { name: 'Bea Gil' });
    expect(within(bea).queryByText('Your note:')).toBeNull();

    fireEvent.click(within(bea).getByRole('button', { name: 'Note on Bea Gil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Note on Bea Gil' });
    expect(within(dialog).getByText('Only you can see these notes: not the athlete or any coach.')).toBeTruthy();
    const box = await within(dialog).findByRole<HTMLTextAreaElement>('textbox', { name: 'Your private note on this athlete' });
    fireEvent.change(box, { target: { value: 'Send the transcript' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')).toEqual({ url: `/api/agent/athletes/${BEA}/note`, method: 'PUT', body: { body: 'Send the transcript' } });
    // The excerpts are read again: the new note shows on its card.
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'Bea Gil' })).getByText('Your note:').parentElement!.textContent).toBe(
        'Your note: Send the transcript',
      ),
    );
  });
});
