import { profileTips, showsGoalsAssists, type ProfileTip } from '@app/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AthleteProfile } from './api/types.ts';

type Tip = ProfileTip | 'photo';

/** The profile form's field each tip starts at (CompleteProfilePage focuses the `#field`). */
function fieldOf(tip: Tip, profile: AthleteProfile): string {
  if (tip === 'video') return 'highlightVideoUrl';
  if (tip === 'gpa') return 'academicStanding';
  if (tip === 'stats') return showsGoalsAssists(profile.primaryPosition) ? 'goalsAssistsLastSeason' : 'externalLinks';
  if (tip === 'extras') return 'playerExtras';
  return tip; // secondaryPosition, photo
}

/** A tip's title and why it counts. */
function textsOf(tip: Tip, t: TFunction<'athlete'>): [string, string] {
  switch (tip) {
    case 'video':
      return [t('tips.video.title'), t('tips.video.text')];
    case 'gpa':
      return [t('tips.gpa.title'), t('tips.gpa.text')];
    case 'stats':
      return [t('tips.stats.title'), t('tips.stats.text')];
    case 'extras':
      return [t('tips.extras.title'), t('tips.extras.text')];
    case 'secondaryPosition':
      return [t('tips.secondaryPosition.title'), t('tips.secondaryPosition.text')];
    case 'photo':
      return [t('tips.photo.title'), t('tips.photo.text')];
  }
}

/**
 * "Stand out to coaches": what a complete profile lacks that the scores count (the domain's
 * profileTips, read as the index reads the profile), and a photo, which coaches' lists show.
 * Each tip links to its field in the profile form.
 */
export function ProfileTips({ profile }: { profile: AthleteProfile }) {
  const { t } = useTranslation('athlete');
  const tips: Tip[] = [...profileTips(profile), ...(profile.profilePhotoUrl ? [] : (['photo'] as const))];
  return (
    <section className="card profile-tips" aria-labelledby="tips-title">
      <h2 id="tips-title">{t('tips.title')}</h2>
      {tips.length === 0 ? (
        <p className="muted">{t('tips.done')}</p>
      ) : (
        <>
          <p className="muted">{t('tips.lead')}</p>
          <ul className="profile-tips-list">
            {tips.map((tip) => {
              const [title, text] = textsOf(tip, t);
              return (
                <li key={tip}>
                  <div>
                    <strong>{title}</strong>
                    <p className="muted">{text}</p>
                  </div>
                  <Link
                    to={`/athlete-complete-profile#${fieldOf(tip, profile)}`}
                    className="btn btn-outline btn-sm"
                    aria-label={t('tips.addLabel', { tip: title })}
                  >
                    {t('tips.add')}
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
