import { lazy } from 'react';

/** The account pages, loaded on demand by the area route lists. */
export const LoginPage = lazy(() => import('./LoginPage.tsx'));
export const AthleteRegisterPage = lazy(() => import('./AthleteRegisterPage.tsx'));
export const CoachRegisterPage = lazy(() => import('./CoachRegisterPage.tsx'));
export const AgentRegisterPage = lazy(() => import('./AgentRegisterPage.tsx'));
export const ResetPasswordPage = lazy(() => import('./ResetPasswordPage.tsx'));
export const ChangePasswordPage = lazy(() => import('./ChangePasswordPage.tsx'));
export const ChangeEmailPage = lazy(() => import('./ChangeEmailPage.tsx'));
export const AccountDataPage = lazy(() => import('./AccountDataPage.tsx'));

/** Where a signed-in user of any role changes their password. */
export const CHANGE_PASSWORD_PATH = '/account-password';
/** Where a signed-in user of any role changes their sign-in email. */
export const CHANGE_EMAIL_PATH = '/account-email';
/** Where a signed-in user of any role downloads a copy of their data. */
export const ACCOUNT_DATA_PATH = '/account-data';
