// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../ui/toast.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { SESSION_KEY } from './api.ts';

function renderMenu(email: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(SESSION_KEY, { id: '00000000-0000-4000-8000-000000000001', role: 'agent', email });
  const { container } = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter>
          <AccountMenu />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { expanded: false }));
  return container.querySelector('.account-dropdown-email')!;
}

describe('account menu', () => {
  it('shows the signed-in email, free to wrap before its @ and nowhere else', () => {
    const email = renderMenu('agent.eture@example.com');
    expect(email.textContent).toContain('agent.eture@example.com');
    const wbr = email.querySelector('wbr')!;
    expect(wbr.previousSibling?.textContent).toBe('agent.eture');
    expect(wbr.nextSibling?.textContent).toBe('@example.com');
    expect(email.querySelectorAll('wbr')).toHaveLength(1);
  });
});
