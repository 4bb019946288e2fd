/** 'Profile complete' or 'Action needed' (spec section 2, profile view). */
import { useTranslation } from 'react-i18next';

export function CompletionBadge({ complete }: { complete: boolean }) {
  const { t } = useTranslation('athlete');
  return complete ? (
    <span className="badge badge-success">
      <span aria-hidden="true">✓</span> {t('profile.badgeComplete')}
    </span>
  ) : (
    <span className="badge badge-warn">{t('profile.badgeActionNeeded')}</span>
  );
}
