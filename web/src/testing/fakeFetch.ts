import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

export type FakeReply = { status: number; body?: unknown };
export type FetchCall = { url: string; method: string; body: unknown };
/** Answers a request by what it asks; a promise that never settles leaves the request pending. */
export type FetchAnswer = (call: FetchCall) => FakeReply | Promise<FakeReply>;

/**
 * Replaces `fetch` for each test of the calling file: answers with the queued `replies` in order
 * (200 with `{}` once they run out), or with `answer` when given, and records every request in
 * `calls`. Both arrays are emptied before each test; the rendered tree and the tab's session
 * storage are cleaned up after it.
 */
export function fakeFetchPerTest(answer?: FetchAnswer) {
  const replies: FakeReply[] = [];
  const calls: FetchCall[] = [];
  beforeEach(() => {
    replies.length = 0;
    calls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const call = { url, method: init.method ?? 'GET', body: init.body ? JSON.parse(init.body as string) : undefined };
        calls.push(call);
        const reply = answer ? await answer(call) : (replies.shift() ?? { status: 200, body: {} });
        return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
          status: reply.status,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    // Form drafts (ui/formDraft.ts) live in the tab: each test starts with none.
    if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
    vi.unstubAllGlobals();
  });
  return { replies, calls };
}
