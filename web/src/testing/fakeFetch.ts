import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

export type FakeReply = { status: number; body?: unknown };
export type FetchCall = { url: string; method: string; body: unknown };

/**
 * Replaces `fetch` for each test of the calling file: answers with the queued `replies` in order
 * (200 with `{}` once they run out) and records every request in `calls`. Both arrays are emptied
 * before each test; the rendered tree is cleaned up after it.
 */
export function fakeFetchPerTest() {
  const replies: FakeReply[] = [];
  const calls: FetchCall[] = [];
  beforeEach(() => {
    replies.length = 0;
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(init.body as string) : undefined });
        const reply = replies.shift() ?? { status: 200, body: {} };
        return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
          status: reply.status,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return { replies, calls };
}
