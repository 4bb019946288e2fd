// @vitest-environment jsdom
import type { ExplainAnswer, FoundAthlete } from '@app/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WhyNot } from './WhyNot.tsx';

const REQUEST = '11111111-1111-4111-8111-111111111111';
const GINA: FoundAthlete = { id: '00000000-0000-4000-8000-000000000007', name: 'Gina Lowgrade', primaryPosition: 'Forward', nationality: 'Spain', age: 19 };
const ANSWER: ExplainAnswer = {
  athlete: { id: GINA.id, name: GINA.name },
  matchStatus: null,
  explanation: {
    exclusion: null,
    score: 48.5,
    listed: false,
    subScores: { position: 100, academics: 0, lyfs: 90, region: 60, budget: 100, extras: 0 },
    positionMatch: 'primary',
    reasons: ['GPA 2.3 is under the minimum 2.5: academics 0, score halved'],
  },
};

const scrolled: Element[] = [];
beforeEach(() => {
  scrolled.length = 0;
  // jsdom lays nothing out and has no scrollIntoView: record which element asked for it.
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body = url.includes('/athlete-search') ? { athletes: [GINA] } : ANSWER;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('WhyNot', () => {
  it('brings the answer into view once it has come (it shows under the names found)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <WhyNot requestId={REQUEST} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Player name'), { target: { value: 'gina' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    fireEvent.click(await screen.findByRole('button', { name: /Gina Lowgrade/ }));
    await screen.findByText('GPA 2.3 is under the minimum 2.5: academics 0, score halved');
    expect(scrolled).toHaveLength(1);
    expect(scrolled[0].className).toBe('why-not-answer');
    expect(scrolled[0].textContent).toContain('Gina Lowgrade');
    // The player looked up opens in full from the answer.
    expect(screen.getByRole('link', { name: /^View full profile\s*of Gina Lowgrade$/ }).getAttribute('href')).toBe(`/coach/athletes/${GINA.id}`);
  });
});
