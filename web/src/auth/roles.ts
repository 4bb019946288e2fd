import type { Role } from './api.ts';

/**
 * What differs between the three account areas. The spec lists two wordings for each success
 * toast ('Signed in successfully!' / 'Sign in Successful!', 'Registration successful!' /
 * 'Registration Success!') without saying which screen shows which; coaches get the second
 * wording, athletes and agents the first for sign-in, and agents the second for registration.
 */
export interface RoleArea {
  role: Role;
  /** How the role is called on the role choice page. */
  label: string;
  loginPath: string;
  registerPath: string;
  /** Password reset by an emailed code (decision A8). */
  resetPath: string;
  dashboardPath: string;
  signedInToast: string;
  registeredToast: string;
  loginTitle: string;
  loginLead: string;
  /** Spec section 8: only the agent login has a fallback message. */
  loginFallback?: string;
}

export const ROLE_AREAS: Record<Role, RoleArea> = {
  athlete: {
    role: 'athlete',
    label: 'Player',
    loginPath: '/athlete-login',
    registerPath: '/athlete-register',
    resetPath: '/athlete-reset-password',
    dashboardPath: '/athlete-dashboard',
    signedInToast: 'Signed in successfully!',
    registeredToast: 'Registration successful!',
    loginTitle: 'Player sign in',
    loginLead: 'Pick up where you left off: your profile, your matches, your next step to a US college.',
  },
  coach: {
    role: 'coach',
    label: 'Coach',
    loginPath: '/coach-login',
    registerPath: '/coach-register',
    resetPath: '/coach-reset-password',
    dashboardPath: '/coach-dashboard',
    signedInToast: 'Sign in Successful!',
    registeredToast: 'Registration Success!',
    loginTitle: 'Coach sign in',
    loginLead: 'Review your ranked shortlists and the players you have matched with.',
  },
  agent: {
    role: 'agent',
    label: 'Agent',
    loginPath: '/agent-login',
    registerPath: '/agent-register',
    resetPath: '/agent-reset-password',
    dashboardPath: '/agent-dashboard',
    signedInToast: 'Signed in successfully!',
    registeredToast: 'Registration Success!',
    loginTitle: 'Agent sign in',
    loginLead: 'Follow your agency’s players and every match coaches share with them.',
    loginFallback: 'Unable to sign in',
  },
};
