// @vitest-environment jsdom
import { MESSAGES, REQUEST_FORM_DEFAULTS } from '@app/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetchPerTest } from '../testing/fakeFetch.ts';
import { LEAVE_CONFIRM, LEAVE_TITLE } from '../ui/LeaveGuard.tsx';
import { renderRoutes } from '../testing/renderRoutes.tsx';
import { CoachProfilePage } from './CoachProfilePage.tsx';
import { CreateRequestPage, REQUEST_NOT_FOUND_TEXT, RequestForm } from './CreateRequestPage.tsx';

/** Waits across a save or a navigation, for a busy machine. */
const SLOW = { timeout: 5000 };

const { replies, calls } = fakeFetchPerTest();

/** `page` at /form in a data router (the leave guard needs one), with the pages the forms leave for. */
function renderAt(page: ReactElement) {
  return renderRoutes(
    [
      { path: '/form', element: page },
      { path: '/coach-dashboard', element: <h1>Coach dashboard</h1> },
      { path: '/coach-requests', element: <h1>Ongoing requests</h1> },
    ],
    '/form',
  );
}

const renderRequestForm = () => renderAt(<RequestForm defaults={{ ...REQUEST_FORM_DEFAULTS, positions: [] }} profileFailed={false} />);
const posts = () => calls.filter((c) => c.method === 'POST');

describe('request form', () => {
  it('shows the spec message on submit, focuses the field and sends nothing', async () => {
    renderRequestForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create request' }));
    expect(await screen.findByText(MESSAGES.selectPrimaryPositionRequest)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Goalkeeper' })));
    // The error goes with the edit of its field.
    fireEvent.click(screen.getByRole('button', { name: 'Forward' }));
    await waitFor(() => expect(screen.queryByText(MESSAGES.selectPrimaryPositionRequest)).toBeNull());
    expect(posts()).toEqual([]);
  });

  it('disables its button while saving, sends the parsed request and leaves without asking once created', async () => {
    const router = renderRequestForm();
    fireEvent.click(screen.getByRole('button', { name: 'Forward' }));
    fireEvent.change(screen.getByLabelText('Minimum GPA'), { target: { value: '3.1' } });
    let answer!: () => void;
    replies.push({ status: 201, body: { _id: 'r1' } });
    const saving = new Promise<void>((resolve) => (answer = resolve));
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
      await saving;
      return realFetch(...args);
    };
    fireEvent.click(screen.getByRole('button', { name: 'Create request' }));
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Submitting…' })).disabled).toBe(true);
    answer();
    expect(await screen.findByRole('heading', { name: 'Ongoing requests' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/coach-requests');
    expect(posts()).toHaveLength(1);
    expect(posts()[0].body).toMatchObject({ positions: ['Forward'], ageMin: REQUEST_FORM_DEFAULTS.ageMin, minGpa: 3.1 });
  });

  it("keeps the values and shows the server's field errors next to their fields, still guarded", async () => {
    const router = renderRequestForm();
    fireEvent.click(screen.getByRole('button', { name: 'Forward' }));
    fireEvent.change(screen.getByLabelText('Additional context'), { target: { value: 'Left-footed, min GPA 3' } });
    replies.push({ status: 400, body: { message: 'Invalid request', errors: [{ path: 'notes', message: 'Notes are not allowed' }] } });
    fireEvent.click(screen.getByRole('button', { name: 'Create request' }));
    expect(await screen.findByText('Notes are not allowed')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Additional context')));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Additional context').value).toBe('Left-footed, min GPA 3');
    expect(screen.getByRole('button', { name: 'Forward' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: LEAVE_TITLE }, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/form');
  });

  it('asks before leaving with changes: Cancel stays, confirming leaves', async () => {
    const router = renderRequestForm();
    fireEvent.click(screen.getByRole('switch', { name: 'Urgent request' }));
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    let dialog = await screen.findByRole('dialog', { name: LEAVE_TITLE }, SLOW);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/form');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Urgent request' }).checked).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    dialog = await screen.findByRole('dialog', { name: LEAVE_TITLE }, SLOW);
    fireEvent.click(within(dialog).getByRole('button', { name: LEAVE_CONFIRM }));
    expect(await screen.findByRole('heading', { name: 'Coach dashboard' }, SLOW)).toBeTruthy();
  });

  it('leaves an untouched form without asking', async () => {
    renderRequestForm();
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Coach dashboard' }, SLOW)).toBeTruthy();
  });
});

const COACH = {
  email: 'coach@uni.edu',
  programName: 'State University',
  coachFirstName: 'Jamie',
  coachLastName: 'Reyes',
  jobTitle: 'Head Coach',
  phoneNumber: '+1 555 0100',
  preferredContactMethod: 'Email',
  sports: ['Soccer'],
  profilePhotoUrl: null,
  universityLogoUrl: null,
};

describe('program profile form', () => {
  it('stays on the page after a save, no longer guarded until the next change', async () => {
    replies.push({ status: 200, body: COACH });
    const router = renderAt(<CoachProfilePage />);
    const title = await screen.findByLabelText('Job title *');
    fireEvent.change(title, { target: { value: 'Associate Head Coach' } });
    replies.push({ status: 200, body: { ...COACH, jobTitle: 'Associate Head Coach' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Profile updated', {}, SLOW);
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ jobTitle: 'Associate Head Coach', coachFirstName: 'Jamie' });
    expect(screen.getByLabelText<HTMLInputElement>('Job title *').value).toBe('Associate Head Coach');

    fireEvent.change(screen.getByLabelText('Phone number *'), { target: { value: '+1 555 0199' } });
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: LEAVE_TITLE }, SLOW);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.change(screen.getByLabelText('Phone number *'), { target: { value: '+1 555 0100' } });
    fireEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Coach dashboard' }, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/coach-dashboard');
  });

  it('shows the required message of an emptied field on submit and sends nothing', async () => {
    replies.push({ status: 200, body: COACH });
    renderAt(<CoachProfilePage />);
    fireEvent.change(await screen.findByLabelText('Last name *'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(MESSAGES.required)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Last name *')));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it("says the profile could not be loaded in the spec's words, and tries again on request", async () => {
    replies.push({ status: 500, body: { message: 'Internal error' } });
    renderAt(<CoachProfilePage />);
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('Unable to load coach profile');
    expect(alert.textContent).toContain('We couldn’t load your coach profile.');
    expect(alert.textContent).toContain('Please refresh the page or try again later.');
    replies.push({ status: 200, body: COACH });
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Job title *', {}, SLOW)).toBeTruthy();
  });
});

describe('duplicating a request (/coach-request?from=<id>)', () => {
  const SOURCE = {
    _id: 'r1',
    createdAt: '2026-11-01T10:00:00.000Z',
    urgent: true,
    teamCategories: ["Women's Team"],
    positions: ['Center Back'],
    playerLevels: [],
    estimatedBudget: '',
    institutionSize: '',
    regions: ['South'],
    ageMin: 17,
    ageMax: 21,
    targetStartTerms: ['Fall 2027'],
    playerExtras: [],
    openToJuniorCollege: 'No',
    openToTransfer: false,
    notes: 'Left-footed preferred',
    minGpa: 3,
  };
  // The page reads the profile and the requests at once: answered by address, not in turn.
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  beforeEach(() => {
    sent.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        sent.push({ method, url, body: init.body ? JSON.parse(init.body as string) : undefined });
        const body = method === 'POST' ? { ...SOURCE, _id: 'r2' } : url === '/api/coach/profile' ? COACH : [SOURCE];
        return new Response(JSON.stringify(body), { status: method === 'POST' ? 201 : 200, headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  const renderCopy = (id: string) =>
    renderRoutes(
      [
        { path: '/coach-request', element: <CreateRequestPage /> },
        { path: '/coach-requests', element: <h1>Ongoing requests</h1> },
      ],
      `/coach-request?from=${id}`,
    );

  it("starts from the request's values and creates a new request with them, the original untouched", async () => {
    const router = renderCopy('r1');
    expect(await screen.findByText(/A copy of your Center Back request/, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/coach-requests?request=r1');
    expect(screen.getByLabelText<HTMLInputElement>('Minimum GPA').value).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Create request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/coach-requests'), SLOW);
    const writes = sent.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => [c.method, c.url])).toEqual([['POST', '/api/coach/requests']]);
    expect(writes[0].body).toMatchObject({
      positions: ['Center Back'],
      teamCategories: ["Women's Team"],
      urgent: true,
      ageMin: 17,
      ageMax: 21,
      minGpa: 3,
      notes: 'Left-footed preferred',
    });
  });

  it('says so when the request to copy is not there', async () => {
    renderCopy('gone');
    expect(await screen.findByText(REQUEST_NOT_FOUND_TEXT, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start from your program profile' }).getAttribute('href')).toBe('/coach-request');
  });
});
