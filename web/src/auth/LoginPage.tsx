import { loginSchema, otherRoleLoginMessage } from '@app/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { TextField } from '../ui/form.tsx';
import { useSmallForm } from '../ui/useZodForm.tsx';
import { useToast } from '../ui/toast.tsx';
import { useSession, type Role } from './api.ts';
import { useLogin } from './api/login.ts';
import { PasswordField } from './PasswordField.tsx';
import { AuthHeroLayout } from './AuthHeroLayout.tsx';
import { ROLE_AREAS } from './roles.ts';
import './auth.css';
import { ErrorNotice } from '../ui/states.tsx';

/** The notice after a session ended (a key of the `auth` catalog). */
export const SESSION_ENDED = 'login.sessionEnded';

/**
 * "Remember me": ticked, a 30-day session; unticked, a session that ends with the browser (and
 * after 2 hours without use). Ticked, it also keeps the email on this device for the next sign-in.
 */
const REMEMBERED_EMAIL_KEY = 'rp.rememberedEmail';
function rememberedEmail(role: Role): string {
  try {
    return localStorage.getItem(`${REMEMBERED_EMAIL_KEY}.${role}`) ?? '';
  } catch {
    return '';
  }
}
function rememberEmail(role: Role, email: string | null) {
  try {
    if (email) localStorage.setItem(`${REMEMBERED_EMAIL_KEY}.${role}`, email);
    else localStorage.removeItem(`${REMEMBERED_EMAIL_KEY}.${role}`);
  } catch {
    // Storage may be unavailable (private mode); remembering is a convenience only.
  }
}

/**
 * /athlete-login, /coach-login, /agent-login (spec section 2): email and password with a
 * show/hide toggle, Remember me, Forgot password (reset by an emailed code), over a rotating
 * background.
 */
export default function LoginPage({ role }: { role: Role }) {
  // A fresh form per role: the link from one role's login to another's starts clean.
  return <RoleLogin key={role} role={role} />;
}

function RoleLogin({ role }: { role: Role }) {
  const { t } = useTranslation('auth');
  const area = ROLE_AREAS[role];
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const session = useSession();
  const login = useLogin(role);
  const arrival = location.state as { from?: string; sessionEnded?: boolean; email?: string; notice?: string } | null;
  const { values, bind, parse, formRef, failure, setFailure } = useSmallForm(() => ({ email: arrival?.email ?? rememberedEmail(role), password: '' }));
  const [remember, setRemember] = useState(() => rememberedEmail(role) !== '');

  // Already signed in with this role: straight to the dashboard.
  if (session.data?.role === role && !login.isPending && !login.isSuccess) return <Navigate to={area.dashboardPath} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const credentials = parse(loginSchema);
    if (!credentials) return;
    login.mutate(
      { ...credentials, remember },
      {
        onSuccess: () => {
          rememberEmail(role, remember ? credentials.email : null);
          toast.success(t(area.text.signedInToast));
          // Back to the page that asked for the sign-in when it belongs to this role's area.
          const from = arrival?.from;
          void navigate(from && from.startsWith(`/${role}`) && !from.startsWith(area.loginPath) ? from : area.dashboardPath, { replace: true });
        },
        // Shown once, next to the form (not also as a toast).
        onError: (error) => setFailure(error.message),
      },
    );
  };

  // The right password for another role's account: the message names that role's login.
  const failureRole = failure ? (['athlete', 'coach', 'agent'] as const).find((r) => failure === otherRoleLoginMessage(r)) : undefined;
  const headingId = `${role}-login-title`;
  return (
    <AuthHeroLayout role={role} headingId={headingId} pitchTitle={t('common:footer.slogan')} pitchLead={t(area.text.loginLead)} title={t(area.text.loginTitle)}>
      <form ref={formRef} className="form" onSubmit={onSubmit} noValidate>
        <TextField label={t('fields.email')} type="email" autoComplete="email" {...bind('email')} />
        <PasswordField label={t('fields.password')} autoComplete="current-password" {...bind('password')} />
        <div className="auth-row">
          <label className="check">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            {t('login.rememberMe')}
          </label>
          <Link className="auth-link-button" to={area.resetPath} state={{ email: values.email.trim() }}>
            {t('login.forgotPassword')}
          </Link>
        </div>
        {(arrival?.notice || arrival?.sessionEnded) && !failure && (
          <div className="notice notice-info" role="status">
            {arrival.notice ?? t(SESSION_ENDED)}
          </div>
        )}
        {failure && (
          <ErrorNotice>
            {failure}
            {failureRole && (
              <>
                <br />
                <Link to={ROLE_AREAS[failureRole].loginPath} state={{ email: values.email.trim() }}>
                  {t(ROLE_AREAS[failureRole].text.goToLogin)}
                </Link>
              </>
            )}
          </ErrorNotice>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
          {login.isPending ? t('login.signingIn') : t('login.signIn')}
        </button>
      </form>
      <p className="auth-switch">
        {t('login.newHere')} <Link to={area.registerPath}>{t('login.createAccount')}</Link>
      </p>
      <p className="auth-switch muted">
        {t(area.text.notThisRole)} <Link to="/get-started">{t('login.chooseRole')}</Link>
      </p>
    </AuthHeroLayout>
  );
}
