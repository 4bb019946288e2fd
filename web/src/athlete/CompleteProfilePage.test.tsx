// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAVE_CONFIRM, LEAVE_TITLE } from '../ui/LeaveGuard.tsx';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import { CompleteProfilePage, formErrorBanner, REVIEW_FIELDS } from './CompleteProfilePage.tsx';

/** Waits across a save or a navigation, for a busy machine. */
const SLOW = { timeout: 5000 };

/** A profile with every required field but the phone, and a budget: one field to fix. */
const PROFILE = {
  id: 'a1',
  email: 'ana@example.com',
  fullName: 'Ana Torres',
  age: 18,
  nationality: 'Spain',
  englishLevel: 'advanced',
  gradingScale: 'ten-point',
  academicStanding: 8,
  gpa: 3.2,
  intendedMajors: ['Economics'],
  targetStartTerms: ['Fall 2026'],
  primaryPosition: 'Forward',
  leagueLevel: 'tercera-rfef',
  preferredUsRegions: ['Northeast'],
  estimatedBudget: 20000,
  agency: 'Eture',
  profilePhotoUrl: null,
  profileCompleted: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

let puts: unknown[];
beforeEach(() => {
  puts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      if (init.method === 'PUT') puts.push(JSON.parse(init.body as string));
      return new Response(JSON.stringify(PROFILE), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The form in a data router (the leave guard needs one), with the dashboard it leaves for. */
function renderForm() {
  return renderRoutes(
    [
      { path: '/athlete-complete-profile', element: <CompleteProfilePage /> },
      { path: '/athlete-dashboard', element: <h1>Athlete dashboard</h1> },
    ],
    '/athlete-complete-profile',
  );
}

describe('complete profile form: the "review the highlighted fields" banner', () => {
  it('shows after a failed submit and goes once the highlighted fields are fixed', async () => {
    renderForm();
    const phone = await screen.findByLabelText('Phone number *');
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(REVIEW_FIELDS)).toBeTruthy();
    expect(screen.getByText('Phone number is required')).toBeTruthy();

    fireEvent.change(phone, { target: { value: '+34 611 222 333' } });
    await waitFor(() => expect(screen.queryByText(REVIEW_FIELDS)).toBeNull());
    expect(screen.queryByText('Phone number is required')).toBeNull();
    expect(puts).toEqual([]);
  });

  it('stays while another highlighted field is still wrong', async () => {
    renderForm();
    const phone = await screen.findByLabelText('Phone number *');
    fireEvent.change(screen.getByLabelText('Nationality *'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(REVIEW_FIELDS)).toBeTruthy();
    fireEvent.change(phone, { target: { value: '+34 611 222 333' } });
    expect(screen.getByText(REVIEW_FIELDS)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nationality *'), { target: { value: 'Spain' } });
    await waitFor(() => expect(screen.queryByText(REVIEW_FIELDS)).toBeNull());
  });
});

describe('formErrorBanner', () => {
  it('follows the remaining field errors', () => {
    expect(formErrorBanner({}, null, null)).toBeNull();
    expect(formErrorBanner({ phone: 'Phone number is required' }, null, null)).toBe(REVIEW_FIELDS);
    const agency = 'Choose the agency that represents you.';
    expect(formErrorBanner({ agency }, agency, null)).toBe(agency);
    expect(formErrorBanner({ phone: 'Phone number is required' }, agency, null)).toBe(REVIEW_FIELDS);
    expect(formErrorBanner({}, agency, null)).toBeNull();
    expect(formErrorBanner({}, null, 'Unable to update profile')).toBe('Unable to update profile');
  });
});

describe('complete profile form: unsaved changes', () => {
  const typeName = async () => fireEvent.change(await screen.findByLabelText('Full name *'), { target: { value: 'Ana María Torres' } });

  it('asks before leaving a changed form; Cancel stays with the changes kept', async () => {
    const router = renderForm();
    await typeName();
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: LEAVE_TITLE }, SLOW);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/athlete-complete-profile');
    expect(screen.getByLabelText<HTMLInputElement>('Full name *').value).toBe('Ana María Torres');
  });

  it('leaves when the user confirms', async () => {
    const router = renderForm();
    await typeName();
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: LEAVE_CONFIRM }));
    expect(await screen.findByRole('heading', { name: 'Athlete dashboard' }, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/athlete-dashboard');
    expect(puts).toEqual([]);
  });

  it('leaves an unchanged form without asking, and a change typed back is no change', async () => {
    renderForm();
    const name = await screen.findByLabelText('Full name *');
    fireEvent.change(name, { target: { value: 'Ana' } });
    fireEvent.change(name, { target: { value: 'Ana Torres' } });
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Athlete dashboard' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes to the dashboard without asking once the changes are saved', async () => {
    renderForm();
    await typeName();
    fireEvent.change(screen.getByLabelText('Phone number *'), { target: { value: '+34 611 222 333' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('heading', { name: 'Athlete dashboard' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({ fullName: 'Ana María Torres', phone: '+34 611 222 333', estimatedBudget: 20000 });
  });

  it('asks the browser before closing or reloading the tab while changed', async () => {
    renderForm();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await screen.findByLabelText('Full name *');
    expect(unload()).toBe(false);
    await typeName();
    expect(unload()).toBe(true);
  });

  it('focuses the first field in error after a failed submit, keeping what was typed', async () => {
    renderForm();
    await typeName();
    fireEvent.change(screen.getByLabelText('Age *'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Age is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Age *')));
    expect(screen.getByLabelText<HTMLInputElement>('Full name *').value).toBe('Ana María Torres');
    expect(puts).toEqual([]);
  });
});
