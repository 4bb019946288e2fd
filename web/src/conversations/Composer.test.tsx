// @vitest-environment jsdom
import { CONVERSATION_MESSAGES } from '@app/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_KEY } from '../auth/api.ts';
import { NOTIFICATIONS_KEY } from '../notifications/api/getNotifications.ts';
import { fakeFetchPerTest } from '../testing/fakeFetch.ts';
import { CONVERSATIONS_KEY } from './api/getConversations.ts';
import { conversationKey } from './api/getMessages.ts';
import { Composer } from './Composer.tsx';

const MATCH = '33333333-3333-4333-8333-333333333333';

const { replies, calls } = fakeFetchPerTest();

function setup(props: { canSend: boolean; cannotSendReason?: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Composer matchId={MATCH} {...props} />
    </QueryClientProvider>,
  );
  return {
    box: screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your message' }),
    send: screen.getByRole('button', { name: 'Send' }),
    queryClient,
  };
}

const sent = (body: string) => ({
  id: '44444444-4444-4444-8444-444444444444',
  sender: { role: 'coach', name: 'Dana Reyes' },
  body,
  createdAt: '2026-11-23T12:00:00.000Z',
});

describe('Composer', () => {
  it('sends the trimmed text and clears the box', async () => {
    const { box, send } = setup({ canSend: true });
    fireEvent.change(box, { target: { value: '  Hello Lucía\nSee you soon  ' } });
    expect(screen.getByText('24 / 2,000 characters')).toBeTruthy();
    replies.push({ status: 201, body: sent('Hello Lucía\nSee you soon') });
    fireEvent.click(send);
    await waitFor(() => expect(box.value).toBe(''));
    expect(calls[0]).toEqual({ url: `/api/matches/${MATCH}/messages`, method: 'POST', body: { body: 'Hello Lucía\nSee you soon' } });
  });

  it('after sending, reads again the thread, the conversations and the bell (the server marked the thread read for the sender)', async () => {
    const { box, send, queryClient } = setup({ canSend: true });
    const cached = [conversationKey(MATCH), [...CONVERSATIONS_KEY, 'unread'], NOTIFICATIONS_KEY, ['notification-settings']];
    for (const key of cached) queryClient.setQueryData(key, {});
    fireEvent.change(box, { target: { value: 'Hi' } });
    replies.push({ status: 201, body: sent('Hi') });
    fireEvent.click(send);
    await waitFor(() => expect(box.value).toBe(''));
    expect(cached.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, false]);
  });

  it('sends with Ctrl+Enter; a plain Enter is a new line', async () => {
    const { box } = setup({ canSend: true });
    fireEvent.change(box, { target: { value: 'Hi' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(calls).toEqual([]);
    replies.push({ status: 201, body: sent('Hi') });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it('refuses an empty message without calling the server', () => {
    const { box, send } = setup({ canSend: true });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(send);
    expect(screen.getByRole('alert').textContent).toBe(CONVERSATION_MESSAGES.empty);
    expect(calls).toEqual([]);
  });

  it('counts to 2,000 and will not send more', () => {
    const { box, send } = setup({ canSend: true });
    fireEvent.change(box, { target: { value: 'a'.repeat(2000) } });
    expect(screen.getByText('2,000 / 2,000 characters')).toBeTruthy();
    expect(send).toHaveProperty('disabled', false);
    fireEvent.change(box, { target: { value: 'a'.repeat(2001) } });
    expect(screen.getByText('2,001 / 2,000 characters')).toBeTruthy();
    expect(send).toHaveProperty('disabled', true);
    expect(screen.getByRole('alert').textContent).toBe(CONVERSATION_MESSAGES.tooLong);
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('is disabled with the reason when the thread is not open to the user', () => {
    const { box, send } = setup({ canSend: false, cannotSendReason: CONVERSATION_MESSAGES.notAccepted });
    expect(box.disabled).toBe(true);
    expect(send).toHaveProperty('disabled', true);
    const reason = screen.getByText(CONVERSATION_MESSAGES.notAccepted);
    expect(box.getAttribute('aria-describedby')).toContain(reason.id);
  });

  it.each([
    [409, CONVERSATION_MESSAGES.notAccepted],
    [429, CONVERSATION_MESSAGES.rateLimited],
  ])('shows the server message of a %i and keeps the draft', async (status, message) => {
    const { box, send } = setup({ canSend: true });
    fireEvent.change(box, { target: { value: 'Are you free on Friday?' } });
    replies.push({ status, body: { message } });
    fireEvent.click(send);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(box.value).toBe('Are you free on Friday?');
  });

  it('keeps an unsent message per thread for its writer, until it is sent', async () => {
    const open = (matchId: string, userId: string) => {
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
      queryClient.setQueryData(SESSION_KEY, { id: userId, role: 'coach', email: 'dana@example.com' });
      render(
        <QueryClientProvider client={queryClient}>
          <Composer matchId={matchId} canSend />
        </QueryClientProvider>,
      );
      return screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your message' });
    };
    fireEvent.change(open(MATCH, 'coach-1'), { target: { value: 'Half-written reply' } });
    cleanup();
    expect(open('55555555-5555-4555-8555-555555555555', 'coach-1').value).toBe('');
    cleanup();
    expect(open(MATCH, 'coach-2').value).toBe('');
    cleanup();
    fireEvent.change(open(MATCH, 'coach-1'), { target: { value: 'Half-written reply' } });
    cleanup();
    const box = open(MATCH, 'coach-1');
    expect(box.value).toBe('Half-written reply');
    replies.push({ status: 201, body: sent('Half-written reply') });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box.value).toBe(''));
    cleanup();
    expect(open(MATCH, 'coach-1').value).toBe('');
    sessionStorage.clear();
  });
});
