// @vitest-environment jsdom
import { HUB_PAGE_SIZE } from '@app/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeFetchPerTest } from '../testing/fakeFetch.ts';
import type { AgentMatch, AgentMatches } from './api/workspaceTypes.ts';
import { ConversationHub } from './ConversationHub.tsx';

const fetchFake = fakeFetchPerTest();

const pending = (n: number): AgentMatch => ({
  id: `m${n}`,
  status: 'pending',
  autoResolved: false,
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
  requestId: 'r1',
  athleteId: `p${n}`,
  athlete: { id: `p${n}`, fullName: `Player ${n}`, primaryPosition: 'Winger', nationality: 'Spain', gpa: 3.1, profilePhotoUrl: null },
  coach: { firstName: 'Dana', lastName: 'Reyes', programName: 'Hudson State University', division: 'NCAA Division I', schoolSize: null, email: null },
  coachRequest: { positions: ['Winger'], teamCategories: [], notes: '' },
  events: [],
});

const counts = { accepted: 0, pending: HUB_PAGE_SIZE + 2, declined: 0 };
const firstPage = Array.from({ length: HUB_PAGE_SIZE }, (_, i) => pending(i + 1));
const secondPage: AgentMatches = {
  // The first page's last match again (it moved between the reads), and the two not shown yet.
  matches: [pending(HUB_PAGE_SIZE), pending(HUB_PAGE_SIZE + 1), pending(HUB_PAGE_SIZE + 2)],
  stats: { total: counts.pending, byStatus: counts, byAthlete: {} },
};

function renderHub(path = '/agent-dashboard?view=hub') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <ConversationHub matches={firstPage} counts={counts} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const awaiting = () => screen.getByRole('region', { name: `Awaiting response (${counts.pending})` });

describe('conversation hub of a large agency', () => {
  it('shows each group’s size and its first page, then the next page on request, each match once', async () => {
    fetchFake.replies.push({ status: 200, body: secondPage });
    renderHub();
    expect(within(awaiting()).getAllByRole('article')).toHaveLength(HUB_PAGE_SIZE);
    expect(screen.getByRole('region', { name: 'Ready to connect (0)' })).toBeTruthy();
    fireEvent.click(within(awaiting()).getByRole('button', { name: 'Show 2 more matches' }));
    expect(await within(awaiting()).findByRole('article', { name: new RegExp(`Player ${HUB_PAGE_SIZE + 2} with`) })).toBeTruthy();
    expect(fetchFake.calls.map((c) => c.url)).toEqual(['/api/agent/matches?status=pending&page=2']);
    expect(within(awaiting()).getAllByRole('article')).toHaveLength(HUB_PAGE_SIZE + 2);
    expect(within(awaiting()).queryByRole('button', { name: /more match/ })).toBeNull();
  });

  it('says when the next page could not be read, and tries again', async () => {
    fetchFake.replies.push({ status: 500, body: { message: 'Database unavailable' } }, { status: 200, body: secondPage });
    renderHub();
    fireEvent.click(within(awaiting()).getByRole('button', { name: 'Show 2 more matches' }));
    const alert = await within(awaiting()).findByRole('alert');
    expect(alert.textContent).toContain('Database unavailable');
    expect(within(awaiting()).getAllByRole('article')).toHaveLength(HUB_PAGE_SIZE);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(awaiting()).findByRole('article', { name: new RegExp(`Player ${HUB_PAGE_SIZE + 2} with`) })).toBeTruthy();
  });
});

describe('a notification’s link to one match', () => {
  it('marks that match’s card, brings it into view and gives it focus; no other card is marked', () => {
    const scrolled: Element[] = [];
    // jsdom lays nothing out and has no scrollIntoView: record which element asked for it.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderHub('/agent-dashboard?view=hub&match=m3');
      const card = within(awaiting()).getByRole('article', { name: /Player 3 with/ });
      expect(card.className).toContain('is-linked');
      expect(card.getAttribute('aria-current')).toBe('true');
      expect(document.activeElement).toBe(card);
      expect(scrolled).toEqual([card]);
      expect(
        within(awaiting())
          .getAllByRole('article')
          .filter((a) => a.className.includes('is-linked')),
      ).toEqual([card]);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('marks nothing without one', () => {
    renderHub();
    expect(
      within(awaiting())
        .getAllByRole('article')
        .filter((a) => a.getAttribute('aria-current')),
    ).toEqual([]);
  });
});
