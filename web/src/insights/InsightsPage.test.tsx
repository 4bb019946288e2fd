// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetchPerTest } from '../testing/fakeFetch.ts';
import InsightsPage from './InsightsPage.tsx';

const STATS = {
  summary: { totalAthletes: 42, totalCoaches: 7, totalRequests: 5, averageGpa: 3.27 },
  leagueDistribution: [
    { _id: 'Segunda RFEF', count: 30 },
    { _id: 'Tercera RFEF', count: 12 },
  ],
  regionPreferences: [{ _id: 'Northeast', count: 18 }],
};
const ATHLETES = {
  athletes: [
    {
      id: 'a1',
      fullName: 'Lucía Martín',
      nationality: 'Spain',
      primaryPosition: 'Forward',
      leagueLevelLabel: 'Segunda RFEF',
      gpa: 3.6,
      agency: 'Eture',
      profileCompleted: true,
      createdAt: '2026-03-04T10:00:00.000Z',
    },
  ],
};
const REQUESTS = {
  requests: [
    {
      id: 'r1',
      createdAt: '2026-03-05T10:00:00.000Z',
      urgent: true,
      positions: ['Winger'],
      teamCategories: ["Women's Team"],
      targetStartTerms: ['Fall 2026'],
      estimatedBudget: '',
      programName: 'Hudson State University',
      division: 'NCAA Division I',
      coachName: 'Dana Reyes',
    },
  ],
};

type Handler = (path: string, body: unknown) => { status: number; body?: unknown };
let handler: Handler;
const { calls } = fakeFetchPerTest(({ url, body }) => handler(url, body));

const ok: Handler = (path) => ({ status: 200, body: path.endsWith('stats') ? STATS : path.endsWith('athletes') ? ATHLETES : REQUESTS });

beforeEach(() => {
  handler = ok;
});
afterEach(() => {
  vi.restoreAllMocks();
});

function signIn(username = 'staff', password = 'secret') {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Unlock insights' }));
}

describe('InsightsPage', () => {
  it('requires both fields before calling the server', () => {
    render(<InsightsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Unlock insights' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('signs in, shows the figures, and keeps nothing in browser storage', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    render(<InsightsPage />);
    signIn();
    expect(screen.getByRole('button', { name: 'Unlocking…' })).toHaveProperty('disabled', true);
    await screen.findByRole('button', { name: 'Refresh data' });

    expect(calls.map((c) => c.url).sort()).toEqual(['/api/support-insights/athletes', '/api/support-insights/requests', '/api/support-insights/stats']);
    expect(calls.every((c) => JSON.stringify(c.body) === JSON.stringify({ username: 'staff', password: 'secret' }))).toBe(true);

    const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([tile('Athletes'), tile('Coaches'), tile('Active briefs'), tile('Average GPA')]).toEqual(['42', '7', '5', '3.27']);
    expect(screen.getByText('Segunda RFEF: 30 of 42')).toBeTruthy();
    expect(screen.getByText('Northeast: 18 of 18')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: /Lucía Martín/ })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: /Hudson State University/ })).toBeTruthy();
    expect(setItem).not.toHaveBeenCalled();
    expect(document.cookie).toBe('');
  });

  it('shows the server message when sign-in is refused, then the fallback when there is none', async () => {
    handler = () => ({ status: 401, body: { message: 'Invalid insights username or password.' } });
    render(<InsightsPage />);
    signIn();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid insights username or password.');
    expect(screen.queryByRole('button', { name: 'Refresh data' })).toBeNull();

    handler = () => ({ status: 500 });
    signIn();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Unable to fetch internal metrics.'));
  });

  it('refreshes with the same credentials, and says so when a refresh fails', async () => {
    render(<InsightsPage />);
    signIn('staff', 'pw');
    await screen.findByRole('button', { name: 'Refresh data' });
    calls.length = 0;
    handler = (path) => (path.endsWith('stats') ? { status: 200, body: { ...STATS, summary: { ...STATS.summary, totalAthletes: 43 } } } : ok(path, undefined));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh data' }));
    await waitFor(() => expect(screen.getByText('43')).toBeTruthy());
    expect(calls.every((c) => JSON.stringify(c.body) === JSON.stringify({ username: 'staff', password: 'pw' }))).toBe(true);

    handler = () => ({ status: 429, body: { message: 'Too many attempts. Please wait a moment and try again.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh data' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait a moment and try again.');
    // The figures stay on screen.
    expect(screen.getByText('43')).toBeTruthy();
  });

  it('shows the notification figures: sent by kind, emails suppressed, messages per day', async () => {
    const notifications = {
      sentByKind: [
        { kind: 'match_shared', inApp: 12, emails: 9 },
        { kind: 'match_answered', inApp: 4, emails: 3 },
        { kind: 'match_confirmed', inApp: 0, emails: 0 },
        { kind: 'message', inApp: 30, emails: 21 },
        { kind: 'top15', inApp: 8, emails: 2 },
      ],
      emailsSuppressed: 6,
      messagesPerDay: [
        { day: '2026-11-22', count: 0 },
        { day: '2026-11-23', count: 17 },
      ],
    };
    handler = (path) => (path.endsWith('stats') ? { status: 200, body: { ...STATS, notifications } } : ok(path, undefined));
    render(<InsightsPage />);
    signIn();
    await screen.findByRole('heading', { name: 'Notifications and messages' });
    const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([tile('In-app notifications'), tile('Emails sent'), tile('Emails suppressed by settings'), tile('Messages, last 14 days')]).toEqual([
      '54',
      '35',
      '6',
      '17',
    ]);
    const row = screen.getByRole('rowheader', { name: 'New messages in a conversation' }).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['30', '21']);
    expect(screen.getByText('Nov 23: 17 of 17')).toBeTruthy();
    expect(screen.getByText('Nov 22: 0 of 17')).toBeTruthy();
    // One bar drawn, for the day with messages: a day with none shows its empty track only.
    const perDay = screen.getByRole('figure', { name: 'Messages per day' });
    expect(perDay.querySelectorAll('.bar-track')).toHaveLength(2);
    expect(perDay.querySelectorAll('.bar-rect')).toHaveLength(1);
  });

  it('leaves the notification figures out when the server has none', async () => {
    render(<InsightsPage />);
    signIn();
    await screen.findByRole('button', { name: 'Refresh data' });
    expect(screen.queryByRole('heading', { name: 'Notifications and messages' })).toBeNull();
  });

  it('sign out drops the figures and the credentials', async () => {
    render(<InsightsPage />);
    signIn('staff', 'pw');
    await screen.findByRole('button', { name: 'Refresh data' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.getByRole('button', { name: 'Unlock insights' })).toBeTruthy();
    expect(screen.queryByText('42')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
  });
});
