// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../ui/toast.tsx';
import { CompleteProfilePage, formErrorBanner, REVIEW_FIELDS } from './CompleteProfilePage.tsx';

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

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter>
          <CompleteProfilePage />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
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
