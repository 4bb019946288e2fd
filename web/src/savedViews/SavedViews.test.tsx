// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AgentPlayersPage from '../agent/AgentPlayersPage.tsx';
import { rosterPlayer } from '../agent/rosterFixtures.ts';
import { fakeFetchPerTest, type FetchCall } from '../testing/fakeFetch.ts';
import { renderRoutes } from '../testing/renderRoutes.tsx';

const KEEPERS = { id: 'v1', name: 'Keepers', query: 'position=Goalkeeper', createdAt: '2026-03-01T10:00:00.000Z' };
let views: (typeof KEEPERS)[] = [];
let saveReply: { status: number; body: unknown } | null = null;

// The roster page reads the roster, the notes and the saved views at once: answered by address.
const { calls } = fakeFetchPerTest((call: FetchCall) => {
  if (call.url.startsWith('/api/agent/players'))
    return { status: 200, body: { total: 1, page: 1, pageSize: 25, players: [rosterPlayer('11111111-1111-4111-8111-111111111111', 'Ana Ruiz')] } };
  if (call.url === '/api/agent/notes') return { status: 200, body: { notes: [] } };
  if (call.url === '/api/agent/saved-views' && call.method === 'GET') return { status: 200, body: { views } };
  if (call.method === 'POST') {
    if (saveReply) return saveReply;
    const { name, query } = call.body as { name: string; query: string };
    const view = { id: `v${views.length + 1}`, name, query, createdAt: '2026-03-02T10:00:00.000Z' };
    views = [...views, view];
    return { status: 201, body: { view, replaced: false } };
  }
  if (call.method === 'PATCH') {
    const { name } = call.body as { name: string };
    const id = call.url.split('/').pop();
    if (views.some((v) => v.id !== id && v.name.toLowerCase() === name.toLowerCase()))
      return { status: 409, body: { message: `You already have a view named ${name}`, code: 'savedViewNameTaken', values: { name } } };
    views = views.map((v) => (v.id === id ? { ...v, name } : v));
    return { status: 200, body: views.find((v) => v.id === id) };
  }
  if (call.method === 'DELETE') {
    views = views.filter((v) => !call.url.endsWith(`/${v.id}`));
    return { status: 204 };
  }
  return { status: 404, body: { message: 'Not found' } };
});

const open = (path: string) => renderRoutes([{ path: '/agent/players', element: <AgentPlayersPage /> }], path);
const savedViews = () => screen.getByRole('group', { name: 'Saved views' });

describe('saved views on the agent roster', () => {
  it('opens a saved view: the address takes its settings (the page and others go) and its button shows it is on screen', async () => {
    views = [KEEPERS];
    const router = open('/agent/players?sort=score&page=2');
    const keepers = await within(savedViews()).findByRole('button', { name: 'Keepers' });
    expect(keepers.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(keepers);
    await waitFor(() => expect(router.state.location.search).toBe('?position=Goalkeeper'));
    expect(within(savedViews()).getByRole('button', { name: 'Keepers' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/agent/players?position=Goalkeeper')).toBe(true));
    // Already saved as it is: nothing to save again (a copy under another name would repeat it).
    const save = within(savedViews()).getByRole<HTMLButtonElement>('button', { name: 'Save this view' });
    expect(save.disabled).toBe(true);
    expect(document.getElementById(save.getAttribute('aria-describedby')!)?.textContent).toBe('This view is saved as “Keepers”.');
  });

  it('saves the roster as it is under a name, without its page, and lists it as the one on screen', async () => {
    views = [KEEPERS];
    saveReply = null;
    open('/agent/players?profile=complete&sort=score&page=3');
    fireEvent.click(await within(savedViews()).findByRole('button', { name: 'Save this view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this view' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    // An empty name is refused before asking the server.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await within(dialog).findByText('Give the view a name')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // A name already used (in any case) says the view will be replaced.
    fireEvent.change(name, { target: { value: 'keepers' } });
    expect(within(dialog).getByRole('button', { name: 'Replace view' })).toBeTruthy();
    expect(within(dialog).getByText('Replaces your saved view “Keepers” with the filters on screen now.')).toBeTruthy();

    fireEvent.change(name, { target: { value: '  Complete by score ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      url: '/api/agent/saved-views',
      method: 'POST',
      body: { name: 'Complete by score', query: 'profile=complete&sort=score' },
    });
    expect(await screen.findByText('View “Complete by score” saved')).toBeTruthy();
    const saved = await within(savedViews()).findByRole('button', { name: 'Complete by score' });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    views = [KEEPERS];
    saveReply = { status: 409, body: { message: 'You have 20 saved views: delete one to save another', code: 'savedViewTooMany' } };
    open('/agent/players?sort=name');
    fireEvent.click(await within(savedViews()).findByRole('button', { name: 'Save this view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this view' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'By name' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You have 20 saved views: delete one to save another');
    saveReply = null;
  });

  it('renames a saved view; a name another view has is refused under the field, and the same name asks nothing', async () => {
    views = [KEEPERS, { id: 'v2', name: 'With video', query: 'hasVideo=yes', createdAt: '2026-03-01T11:00:00.000Z' }];
    open('/agent/players');
    fireEvent.click(await within(savedViews()).findByRole('button', { name: 'Rename the saved view Keepers' }));
    let dialog = await screen.findByRole('dialog', { name: 'Rename this view' });
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    expect(name.value).toBe('Keepers');

    fireEvent.change(name, { target: { value: 'with VIDEO' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename view' }));
    expect(await within(dialog).findByText('You already have a view named with VIDEO')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(name, { target: { value: '  Spanish keepers ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename view' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)).toEqual({ url: '/api/agent/saved-views/v1', method: 'PATCH', body: { name: 'Spanish keepers' } });
    expect(await screen.findByText('View renamed to “Spanish keepers”')).toBeTruthy();
    expect(await within(savedViews()).findByRole('button', { name: 'Spanish keepers' })).toBeTruthy();

    // Its own name again: the dialog closes without asking the server.
    const patches = calls.filter((c) => c.method === 'PATCH').length;
    fireEvent.click(within(savedViews()).getByRole('button', { name: 'Rename the saved view With video' }));
    dialog = await screen.findByRole('dialog', { name: 'Rename this view' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename view' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(patches);
  });

  it('deletes a saved view after asking', async () => {
    views = [KEEPERS];
    open('/agent/players');
    fireEvent.click(await within(savedViews()).findByRole('button', { name: 'Delete the saved view Keepers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this saved view?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(savedViews()).queryByRole('button', { name: 'Keepers' })).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/agent/saved-views/v1');
    expect(await screen.findByText('View “Keepers” deleted')).toBeTruthy();
  });

  it('offers nothing to save on the whole roster, and says how to make a view', async () => {
    views = [];
    open('/agent/players?page=2');
    const save = await within(savedViews()).findByRole('button', { name: 'Save this view' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(within(savedViews()).getByText('Set a search, filters or an order, then save them to open again in one click.')).toBeTruthy();
  });
});
