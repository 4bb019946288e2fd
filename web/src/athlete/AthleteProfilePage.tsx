import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Avatar } from '../ui/Avatar.tsx';
import type { AthleteProfile } from './api/types.ts';
import { CompletionBadge } from './CompletionBadge.tsx';
import { ProfileDetails, profileHeadline } from './ProfileDetails.tsx';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { WithOwnProfile } from './WithOwnProfile.tsx';
import './athlete.css';

/** /athlete-profile: the athlete's profile, read-only (spec section 2). */
export function AthleteProfilePage() {
  const { t } = useTranslation('athlete');
  useDocumentTitle(t('profile.title'));
  return <WithOwnProfile loadingLabel={t('profile.loading')}>{(profile) => <Profile p={profile} />}</WithOwnProfile>;
}

function Profile({ p }: { p: AthleteProfile }) {
  const { t } = useTranslation('athlete');

  return (
    <main id="main" className="page container athlete-page">
      <header className="profile-hero card">
        <Avatar name={p.fullName} photoUrl={p.profilePhotoUrl} size="xl" />
        <div className="profile-hero-body">
          <p className="eyebrow">{t('profile.title')}</p>
          <h1>{p.fullName}</h1>
          <p className="muted">{profileHeadline(p) || t('profile.addBasics')}</p>
          <CompletionBadge complete={p.profileCompleted} />
        </div>
        <Link to="/athlete-complete-profile" className="btn btn-primary profile-hero-action">
          {p.profileCompleted ? t('profile.edit') : t('profile.complete')}
        </Link>
      </header>

      {!p.profileCompleted && (
        <div className="notice notice-warn" role="note">
          {t('profile.missingDetails')}
        </div>
      )}

      <ProfileDetails profile={p} />
    </main>
  );
}
