import { NOTIFICATION_PATHS } from '@app/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { resolveImageUrl, thumbnailPath } from '../api/client.ts';
import { initialsOf } from '../ui/Avatar.tsx';
import { EmailText } from '../ui/EmailText.tsx';
import { useToast } from '../ui/toast.tsx';
import { useDismissable } from '../ui/useDismissable.ts';
import { useLogout, useSession, type SessionUser } from './api.ts';
import { ACCOUNT_DATA_PATH, CHANGE_EMAIL_PATH, CHANGE_PASSWORD_PATH } from './pages.ts';
import { ROLE_AREAS } from './roles.ts';
import './auth.css';

function displayName(user: SessionUser): string {
  const name = user.fullName ?? [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name.trim() || user.email;
}

/** The uploaded photo, or the initials when there is none or it fails to load. Decorative: the name follows. */
function AccountAvatar({ name, photoUrl }: { name: string; photoUrl?: string | null }) {
  // The 96 px thumbnail; initials when there is no photo or it does not load.
  const src = resolveImageUrl(thumbnailPath(photoUrl));
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) return <img className="account-initials account-photo" src={src} alt="" onError={() => setFailed(src)} />;
  return (
    <span className="account-initials" aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

/** The signed-in user's menu in the top bar: their dashboard and Sign out. Nothing when signed out. */
export function AccountMenu() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const logout = useLogout();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => setOpen(false), [location.key]);
  useDismissable(open, setOpen, rootRef, () => rootRef.current?.querySelector<HTMLButtonElement>('.account-button'));

  const user = session.data;
  if (!user) return null;
  const area = ROLE_AREAS[user.role];
  const name = displayName(user);

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('accountMenu.signedOut'));
        void navigate('/');
      },
      onError: (error) => toast.error(error.message),
    });

  return (
    <div className="account-menu" ref={rootRef}>
      <button type="button" className="account-button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        <AccountAvatar name={name} photoUrl={user.profilePhotoUrl} />
        <span className="account-name">{name}</span>
        <span className="sr-only">{t('accountMenu.label')}</span>
      </button>
      {open && (
        <div id={menuId} className="top-bar-panel account-dropdown">
          <p className="account-dropdown-email">
            {t(area.text.signedInAs)}
            <br />
            <EmailText email={user.email} />
          </p>
          <Link to={area.dashboardPath}>{t('accountMenu.dashboard')}</Link>
          <Link to={NOTIFICATION_PATHS.settings}>{t('accountMenu.notificationSettings')}</Link>
          <Link to={CHANGE_EMAIL_PATH}>{t('accountMenu.changeEmail')}</Link>
          <Link to={CHANGE_PASSWORD_PATH}>{t('accountMenu.changePassword')}</Link>
          <Link to={ACCOUNT_DATA_PATH}>{t('accountMenu.accountData')}</Link>
          <button type="button" onClick={signOut} disabled={logout.isPending}>
            {logout.isPending ? t('accountMenu.signingOut') : t('accountMenu.signOut')}
          </button>
        </div>
      )}
    </div>
  );
}
