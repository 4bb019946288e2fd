import { useTranslation } from 'react-i18next';
import { CONTACT_DETAILS } from '../chrome/navigation.ts';
import { PhoneLink } from '../ui/PhoneLink.tsx';

/** Our email, phone and office, each named: the About page's contact card and the Contact page's. */
export function ContactLines() {
  const { t } = useTranslation('public');
  return (
    <ul className="plain-list contact-lines">
      <li>
        <span className="muted">{t('contactDetails.email')}</span> <a href={`mailto:${CONTACT_DETAILS.email}`}>{CONTACT_DETAILS.email}</a>
      </li>
      <li>
        <span className="muted">{t('contactDetails.phone')}</span> <PhoneLink phone={CONTACT_DETAILS.phone} />
      </li>
      <li>
        <span className="muted">{t('contactDetails.office')}</span> {CONTACT_DETAILS.city}
      </li>
    </ul>
  );
}
