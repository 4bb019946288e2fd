import type { Role } from './api.ts';

/**
 * What differs between the three account areas. The spec lists two wordings for each success
 * toast ('Signed in successfully!' / 'Sign in Successful!', 'Registration successful!' /
 * 'Registration Success!') without saying which screen shows which; coaches get the second
 * wording, athletes and agents the first for sign-in, and agents the second for registration.
 */
export interface RoleArea {
  role: Role;
  loginPath: string;
  registerPath: string;
  /** Password reset by an emailed code (decision A8). */
  resetPath: string;
  dashboardPath: string;
  /** The role's texts: keys of the `auth` catalog (each role's sentences are whole, for Spanish grammar). */
  text: {
    /** 'Player area' above the login and reset forms. */
    area: string;
    signedInToast: string;
    registeredToast: string;
    loginTitle: string;
    loginLead: string;
    /** 'Go to the player sign in' (after the right password of this role on another's login). */
    goToLogin: string;
    /** 'Not a player?' */
    notThisRole: string;
    /** 'Signed in as player' in the account menu. */
    signedInAs: string;
  };
  /** Spec section 8: only the agent login has a fallback message (a key of the `auth` catalog). */
  loginFallback?: string;
}

export const ROLE_AREAS: Record<Role, RoleArea> = {
  athlete: {
    role: 'athlete',
    loginPath: '/athlete-login',
    registerPath: '/athlete-register',
    resetPath: '/athlete-reset-password',
    dashboardPath: '/athlete-dashboard',
    text: {
      area: 'roles.athlete.area',
      signedInToast: 'roles.signedInSuccessfully',
      registeredToast: 'roles.registrationSuccessful',
      loginTitle: 'roles.athlete.loginTitle',
      loginLead: 'roles.athlete.loginLead',
      goToLogin: 'roles.athlete.goToLogin',
      notThisRole: 'roles.athlete.notThisRole',
      signedInAs: 'roles.athlete.signedInAs',
    },
  },
  coach: {
    role: 'coach',
    loginPath: '/coach-login',
    registerPath: '/coach-register',
    resetPath: '/coach-reset-password',
    dashboardPath: '/coach-dashboard',
    text: {
      area: 'roles.coach.area',
      signedInToast: 'roles.signInSuccessful',
      registeredToast: 'roles.registrationSuccess',
      loginTitle: 'roles.coach.loginTitle',
      loginLead: 'roles.coach.loginLead',
      goToLogin: 'roles.coach.goToLogin',
      notThisRole: 'roles.coach.notThisRole',
      signedInAs: 'roles.coach.signedInAs',
    },
  },
  agent: {
    role: 'agent',
    loginPath: '/agent-login',
    registerPath: '/agent-register',
    resetPath: '/agent-reset-password',
    dashboardPath: '/agent-dashboard',
    text: {
      area: 'roles.agent.area',
      signedInToast: 'roles.signedInSuccessfully',
      registeredToast: 'roles.registrationSuccess',
      loginTitle: 'roles.agent.loginTitle',
      loginLead: 'roles.agent.loginLead',
      goToLogin: 'roles.agent.goToLogin',
      notThisRole: 'roles.agent.notThisRole',
      signedInAs: 'roles.agent.signedInAs',
    },
    loginFallback: 'roles.agent.loginFallback',
  },
};
