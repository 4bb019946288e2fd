import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { agentRoutes } from './agent/routes.tsx';
import { athleteRoutes } from './athlete/routes.tsx';
import { Layout } from './chrome/Layout.tsx';
import { coachRoutes } from './coach/routes.tsx';
import { insightsRoutes } from './insights/routes.tsx';
import { notificationRoutes } from './notifications/routes.tsx';
import { publicRoutes } from './public/routes.tsx';
import { NotFound } from './ui/NotFound.tsx';
import { RouteError } from './ui/RouteError.tsx';
import { ToastProvider } from './ui/toast.tsx';

export function createQueryClient() {
  // Spec section 7: queries are not retried (the agency options fetch retries once itself);
  // data has a minimum stale time of 1000 ms.
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 1000, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}

/** Every page of the app (the server's list, domain/src/spa-routes.ts, is checked against it). */
export const pageRoutes = [...publicRoutes, ...athleteRoutes, ...coachRoutes, ...agentRoutes, ...insightsRoutes, ...notificationRoutes];

// A page that fails (its code not downloaded, or a crash) shows RouteError inside the top bar and
// footer, not the router's developer page.
const router = createBrowserRouter([
  { element: <Layout />, children: [{ errorElement: <RouteError />, children: [...pageRoutes, { path: '*', element: <NotFound /> }] }] },
]);

const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  );
}
