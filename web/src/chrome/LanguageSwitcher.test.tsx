// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_KEY, type SessionUser } from '../auth/api.ts';
import { i18n } from '../i18n/index.ts';
import { NOTIFICATIONS_KEY } from '../notifications/api/getNotifications.ts';
import { fakeFetchPerTest } from '../testing/fakeFetch.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

const user = { id: 'u1', role: 'athlete', email: 'ana@example.com', language: 'en' } as SessionUser;
const { calls } = fakeFetchPerTest(({ url, body }) =>
  url.endsWith('/account/language') ? { status: 200, body: { user: { ...user, ...(body as object) } } } : { status: 200, body: { user } },
);

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(SESSION_KEY, user);
  queryClient.setQueryData(NOTIFICATIONS_KEY, { unread: 1, items: [] });
  render(
    <QueryClientProvider client={queryClient}>
      <LanguageSwitcher />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('LanguageSwitcher', () => {
  it('saves a signed-in account’s choice and reads its notifications again, which the server writes in that language', async () => {
    const queryClient = setup();
    expect(queryClient.getQueryState(NOTIFICATIONS_KEY)?.isInvalidated).toBe(false);
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'es' } });
    await waitFor(() => expect(queryClient.getQueryState(NOTIFICATIONS_KEY)?.isInvalidated).toBe(true));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ url: '/api/account/language', method: 'PUT', body: { language: 'es' } }]);
    expect(queryClient.getQueryData<SessionUser>(SESSION_KEY)?.language).toBe('es');
    expect(i18n.resolvedLanguage).toBe('es');
  });
});
