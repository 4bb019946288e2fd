// @vitest-environment jsdom
import { MESSAGES } from '@app/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetchPerTest } from '../testing/fakeFetch.ts';
import { LEAVE_TITLE } from '../ui/LeaveGuard.tsx';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import CoachRegisterPage from './CoachRegisterPage.tsx';
import { ROLE_AREAS } from './roles.ts';

/** Waits across a save or a navigation, for a busy machine. */
const SLOW = { timeout: 5000 };

const { calls } = fakeFetchPerTest();

function renderPage() {
  return renderRoutes(
    [
      { path: '/coach-register', element: <CoachRegisterPage /> },
      { path: ROLE_AREAS.coach.loginPath, element: <h1>Coach sign in</h1> },
    ],
    '/coach-register',
  );
}

const tickAgreements = () => {
  for (const box of screen.getAllByRole('checkbox').filter((b) => b.closest('.auth-consent'))) fireEvent.click(box);
};

describe('coach registration form', () => {
  it('shows the spec messages on submit, focuses the first field in error and sends nothing', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Minimum GPA'), { target: { value: '4.5' } });
    tickAgreements();
    fireEvent.click(screen.getByRole('button', { name: 'Create coach account' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('School name')));
    expect(screen.getByText('Maximum is 4.0')).toBeTruthy();
    expect(screen.getAllByText(MESSAGES.required).length).toBeGreaterThan(3);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('asks before leaving a started registration for the sign-in page', async () => {
    const router = renderPage();
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Coach sign in' }, SLOW)).toBeTruthy();

    await router.navigate('/coach-register');
    fireEvent.change(await screen.findByLabelText('School name'), { target: { value: 'Hudson State' } });
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: LEAVE_TITLE }, SLOW);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/coach-register');
    expect(screen.getByLabelText<HTMLInputElement>('School name').value).toBe('Hudson State');
  });

  it('keeps what was typed across a reload, less the password, the code and the agreements', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('School name'), { target: { value: 'Hudson State University' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass-1' } });
    tickAgreements();
    expect(sessionStorage.getItem('recruit.draft.coach-register')).not.toContain('secret-pass-1');
    cleanup();
    renderPage();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('School name').value).toBe('Hudson State University'));
    expect(screen.getByRole('status').textContent).toContain('We brought back the changes you had not saved');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
    const agreements = screen.getAllByRole<HTMLInputElement>('checkbox').filter((b) => b.closest('.auth-consent'));
    expect(agreements.length).toBe(3);
    expect(agreements.every((box) => !box.checked)).toBe(true);
  });
});
