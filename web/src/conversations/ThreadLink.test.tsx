// @vitest-environment jsdom
import type { UnreadThreads } from '@app/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeFetchPerTest, type FakeReply } from '../testing/fakeFetch.ts';
import { ThreadLink } from './ThreadLink.tsx';

/**
 * The match cards' way into a thread, marked with the server's count of its new messages. (jsdom
 * joins the visible label and the screen-reader text without a space, hence `\s*` in the names.)
 */
let unread: FakeReply = { status: 200, body: { threads: [] } };
const { calls } = fakeFetchPerTest(({ url }) => (url === '/api/conversations/unread' ? unread : { status: 404, body: { message: 'Not found' } }));

function renderLinks() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ThreadLink matchId="m1" about="Lucía Martín" />
        <ThreadLink matchId="m2" about="Ana Gil" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ThreadLink', () => {
  it('marks each thread with how many of its messages are new, from one read for all the cards', async () => {
    const body: UnreadThreads = { threads: [{ matchId: 'm2', unread: 23 }] };
    unread = { status: 200, body };
    renderLinks();
    const marked = await screen.findByRole('link', { name: /^Messages\s*with Ana Gil\s*23 new\s*messages$/ });
    expect(marked.getAttribute('href')).toBe('/messages/m2');
    expect(screen.getByRole('link', { name: /^Messages\s*with Lucía Martín$/ }).textContent).not.toContain('new');
    expect(calls.map((c) => c.url)).toEqual(['/api/conversations/unread']);
  });

  it('marks nothing when the counts cannot be read, and the links still lead to the threads', async () => {
    unread = { status: 500, body: { message: 'Database unavailable' } };
    renderLinks();
    await screen.findByRole('link', { name: /^Messages\s*with Ana Gil$/ });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.map((c) => c.url)).toEqual(['/api/conversations/unread']);
    expect(screen.getByRole('link', { name: /^Messages\s*with Ana Gil$/ }).getAttribute('href')).toBe('/messages/m2');
    expect(document.querySelector('.thread-link-badge')).toBeNull();
  });
});
