// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_KEY } from '../auth/api.ts';
import { fakeFetchPerTest } from '../testing/fakeFetch.ts';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import { NoteCard } from './NoteCard.tsx';

const ATHLETE = '11111111-1111-4111-8111-111111111111';
const URL = `/api/coach/athletes/${ATHLETE}/note`;
const note = (body: string) => ({ note: { body, updatedAt: '2026-11-23T12:00:00.000Z' } });

const { replies, calls } = fakeFetchPerTest();

function setup(signedIn?: string) {
  const router = renderRoutes(
    [
      { path: '/athlete', element: <NoteCard role="coach" athleteId={ATHLETE} /> },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    '/athlete',
    (client) => signedIn && client.setQueryData(SESSION_KEY, { id: signedIn, role: 'coach', email: 'dana@example.com' }),
  );
  return { router, box: () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your private note on this athlete' }) };
}
const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save note' });

describe('NoteCard', () => {
  it('shows the saved note, saves the trimmed edit and says so', async () => {
    replies.push({ status: 200, body: note('Strong left foot') });
    const { box } = setup();
    await waitFor(() => expect(box().value).toBe('Strong left foot'));
    expect(screen.getByText(/Only you can see these notes/)).toBeTruthy();
    expect(saveButton().disabled).toBe(true); // nothing changed yet

    fireEvent.change(box(), { target: { value: '  Strong left foot. Call in March.  ' } });
    expect(screen.getByText(/Unsaved changes/)).toBeTruthy();
    replies.push({ status: 200, body: note('Strong left foot. Call in March.') });
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByText('Note saved')).toBeTruthy());
    expect(calls.at(-1)).toEqual({ url: URL, method: 'PUT', body: { body: 'Strong left foot. Call in March.' } });
    expect(box().value).toBe('Strong left foot. Call in March.');
    expect(saveButton().disabled).toBe(true);
  });

  it('removes the note when emptied and saved (Ctrl+Enter)', async () => {
    replies.push({ status: 200, body: note('Old') });
    const { box } = setup();
    await waitFor(() => expect(box().value).toBe('Old'));
    fireEvent.change(box(), { target: { value: '   ' } });
    replies.push({ status: 200, body: { note: null } });
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(screen.getByText('Note removed')).toBeTruthy());
    expect(calls.at(-1)).toEqual({ url: URL, method: 'PUT', body: { body: '' } });
    expect(screen.getByText(/No note yet/)).toBeTruthy();
  });

  it('says a note is too long while typing and does not send it', async () => {
    replies.push({ status: 200, body: { note: null } });
    const { box } = setup();
    await waitFor(() => expect(screen.getByText(/No note yet/)).toBeTruthy());
    fireEvent.change(box(), { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByRole('alert').textContent).toBe('Must be 2000 characters or fewer');
    expect(screen.getByText(/2,001 \/ 2,000 characters/)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true });
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it("keeps the draft and shows the server's message when saving fails", async () => {
    replies.push({ status: 200, body: { note: null } });
    const { box } = setup();
    await waitFor(() => expect(screen.getByText(/No note yet/)).toBeTruthy());
    fireEvent.change(box(), { target: { value: 'Keep me' } });
    replies.push({ status: 404, body: { message: 'Athlete not found', code: 'athleteNotFound' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Athlete not found'));
    expect(box().value).toBe('Keep me');
  });

  it('asks before leaving with unsaved changes', async () => {
    replies.push({ status: 200, body: { note: null } });
    const { box, router } = setup();
    await waitFor(() => expect(screen.getByText(/No note yet/)).toBeTruthy());
    fireEvent.change(box(), { target: { value: 'Not saved yet' } });
    void router.navigate('/elsewhere');
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy());
    expect(router.state.location.pathname).toBe('/athlete');
  });

  it('offers a retry when the note cannot load', async () => {
    replies.push({ status: 500, body: { message: 'Unable to load your note', code: 'fallbackFetchNote' } });
    setup();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Unable to load your note'));
    replies.push({ status: 200, body: note('Back again') });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole<HTMLTextAreaElement>('textbox').value).toBe('Back again'));
  });

  it('keeps an unsaved note in the tab for its writer (no one else) until it is saved', async () => {
    const open = async (user: string, saved: string | null) => {
      cleanup();
      replies.push({ status: 200, body: saved === null ? { note: null } : note(saved) });
      const { box } = setup(user);
      await waitFor(() => expect(screen.getByText(saved === null ? /No note yet|Unsaved changes/ : /Saved:|Unsaved changes/)).toBeTruthy());
      return box();
    };
    fireEvent.change(await open('coach-1', null), { target: { value: 'Half a thought' } });
    expect((await open('coach-1', null)).value).toBe('Half a thought');
    expect(screen.getByText(/Unsaved changes/)).toBeTruthy();
    // Another user of the tab does not get it (and it is dropped).
    expect((await open('coach-2', null)).value).toBe('');
    expect((await open('coach-1', null)).value).toBe('');

    fireEvent.change(await open('coach-1', null), { target: { value: 'Kept until saved' } });
    await open('coach-1', null);
    replies.push({ status: 200, body: note('Kept until saved') });
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByText('Note saved')).toBeTruthy());
    // Saved, the draft is gone: the page shows the stored note (here changed since, elsewhere).
    const reopened = await open('coach-1', 'Changed in another tab');
    expect(reopened.value).toBe('Changed in another tab');
    expect(screen.queryByText(/Unsaved changes/)).toBeNull();
  });
});
