import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ToastProvider } from '../ui/toast.tsx';

/**
 * Renders `routes` in a memory data router (the leave guard needs one) at `initialPath`, inside a
 * fresh query client that does not retry and the toast provider, as the app's pages run. Returns
 * the router so a test can navigate or read where the page sent the user. `prime` fills the client
 * first (e.g. a signed-in session).
 */
export function renderRoutes(routes: RouteObject[], initialPath: string, prime?: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  prime?.(client);
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}
