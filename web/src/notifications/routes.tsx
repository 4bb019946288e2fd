import { NOTIFICATION_PATHS } from '@app/domain';
import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { guarded } from '../auth/guarded.tsx';
import { ACCOUNT_DATA_PATH, AccountDataPage, CHANGE_EMAIL_PATH, CHANGE_PASSWORD_PATH, ChangeEmailPage, ChangePasswordPage } from '../auth/pages.ts';

const NotificationsPage = lazy(() => import('./NotificationsPage.tsx'));
const NotificationSettingsPage = lazy(() => import('./NotificationSettingsPage.tsx'));
const UnsubscribePage = lazy(() => import('./UnsubscribePage.tsx'));
const ThreadPage = lazy(() => import('../conversations/ThreadPage.tsx'));
const ConversationsPage = lazy(() => import('../conversations/ConversationsPage.tsx'));

/** Pages every signed-in area shares (the API decides what each user may see), and unsubscribe. */
const SIGNED_IN = ['coach', 'athlete', 'agent'] as const;
const signedIn = (page: ReactNode) => guarded(SIGNED_IN, page, '/get-started');

export const notificationRoutes: RouteObject[] = [
  { path: NOTIFICATION_PATHS.notifications, element: signedIn(<NotificationsPage />) },
  { path: NOTIFICATION_PATHS.settings, element: signedIn(<NotificationSettingsPage />) },
  { path: NOTIFICATION_PATHS.conversations, element: signedIn(<ConversationsPage />) },
  { path: NOTIFICATION_PATHS.thread(':matchId'), element: signedIn(<ThreadPage />) },
  { path: CHANGE_PASSWORD_PATH, element: signedIn(<ChangePasswordPage />) },
  { path: CHANGE_EMAIL_PATH, element: signedIn(<ChangeEmailPage />) },
  { path: ACCOUNT_DATA_PATH, element: signedIn(<AccountDataPage />) },
  // Signed out on purpose: the link in an email must work wherever it is opened (decision N2).
  { path: NOTIFICATION_PATHS.unsubscribe, element: <UnsubscribePage /> },
];
