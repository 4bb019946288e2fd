// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetchPerTest, type FakeReply } from '../testing/fakeFetch.ts';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import { writeDraft, readDraft } from '../ui/formDraft.ts';
import AccountDataPage from './AccountDataPage.tsx';

const replies: FakeReply[] = [];
let sessionRole = 'coach';
const { calls } = fakeFetchPerTest((call) =>
  call.url.endsWith('/session')
    ? { status: 200, body: { user: { id: 'c1', role: sessionRole, email: 'dana@example.com' } } }
    : (replies.shift() ?? { status: 500, body: {} }),
);
const deletes = () => calls.filter((c) => c.method === 'DELETE');

async function renderPage() {
  replies.length = 0;
  sessionRole = 'coach';
  const router = renderRoutes(
    [
      { path: '/account-data', element: <AccountDataPage /> },
      { path: '/', element: <p>Home page</p> },
    ],
    '/account-data',
  );
  // The coach's list names their requests, notes and saved views too.
  expect(await screen.findByText('Your recruitment requests.')).toBeTruthy();
  expect(screen.getByText('Your private notes on athletes.')).toBeTruthy();
  expect(screen.getByText('Your saved list views.')).toBeTruthy();
  return {
    router,
    password: screen.getByLabelText<HTMLInputElement>('Current password'),
    submit: screen.getByRole('button', { name: 'Delete my account' }),
  };
}

describe('your data page', () => {
  it('tells an agent the file holds their conversations and notes, not matches or requests', async () => {
    replies.length = 0;
    sessionRole = 'agent';
    renderRoutes([{ path: '/account-data', element: <AccountDataPage /> }], '/account-data');
    expect(await screen.findByText('Every message of the conversations you take part in.')).toBeTruthy();
    expect(screen.queryByText('The matches you see and every message of their conversations.')).toBeNull();
    expect(screen.queryByText('Your recruitment requests.')).toBeNull();
    expect(screen.getByText('Your private notes on athletes.')).toBeTruthy();
    expect(screen.getByText('Your saved list views.')).toBeTruthy();
  });

  it('links the download to the export', async () => {
    await renderPage();
    const link = screen.getByRole('link', { name: 'Download my data' });
    expect(link.getAttribute('href')).toBe('/api/account/export');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('asks for the current password, then confirms, and says a wrong password at its field', async () => {
    const { password, submit } = await renderPage();
    fireEvent.click(submit);
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(password, { target: { value: 'not-it' } });
    fireEvent.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' });
    // Cancel sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes()).toEqual([]);

    fireEvent.click(submit);
    replies.push({ status: 400, body: { message: 'Your current password is not correct', code: 'currentPasswordWrong' } });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your current password is not correct')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deletes()).toEqual([expect.objectContaining({ url: '/api/account', body: { currentPassword: 'not-it' } })]);
  });

  it('once deleted, forgets the user (drafts too) and goes home', async () => {
    const { router, password, submit } = await renderPage();
    writeDraft('request.new', 'c1', { notes: 'unsaved' });
    fireEvent.change(password, { target: { value: 'the-right-one' } });
    fireEvent.click(submit);
    replies.push({ status: 200, body: { message: 'Your account has been deleted.' } });
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(await screen.findByText('Your account has been deleted.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(readDraft('request.new', 'c1')).toBeNull();
  });
});
