import { useTranslation } from 'react-i18next';
import { CONTACT_DETAILS, SOCIAL_LINKS } from '../chrome/navigation.ts';
import { SocialIcon } from '../chrome/SocialIcon.tsx';
import { ChatAssistant } from './assistant/ChatAssistant.tsx';
import { ContactForm } from './ContactForm.tsx';
import { replyPromise } from './replyPromise.ts';
import './public.css';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { LinkedText } from './LinkedText.tsx';

export default function ContactPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('contact.title'));
  const promise = replyPromise();
  return (
    <main id="main" className="page container">
      <header className="page-header">
        <p className="eyebrow">{t('contact.title')}</p>
        <h1>{t('contact.heading')}</h1>
        <p className="lead">{t('contact.lead', { replyPromise: promise.charAt(0).toLowerCase() + promise.slice(1) })}</p>
      </header>
      <div className="split">
        <ContactForm />
        <aside className="stack" aria-label={t('contact.asideLabel')}>
          <div className="card">
            <h2>{t('contact.details')}</h2>
            <ul className="plain-list contact-lines">
              <li>
                <span className="muted">{t('contactDetails.email')}</span> <a href={`mailto:${CONTACT_DETAILS.email}`}>{CONTACT_DETAILS.email}</a>
              </li>
              <li>
                <span className="muted">{t('contactDetails.phone')}</span>{' '}
                <a href={`tel:${CONTACT_DETAILS.phone.replace(/[^+\d]/g, '')}`}>{CONTACT_DETAILS.phone}</a>
              </li>
              <li>
                <span className="muted">{t('contactDetails.office')}</span> {CONTACT_DETAILS.city}
              </li>
            </ul>
            <h3 className="contact-social-title">{t('contact.followUs')}</h3>
            <ul className="social-links social-links-light">
              {SOCIAL_LINKS.map((s) => (
                <li key={s.network}>
                  <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={t('common:footer.opensInNewTab', { label: s.label })}>
                    <SocialIcon network={s.network} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div className="card">
            <h2>{t('contact.quickAnswers')}</h2>
            <p>
              <LinkedText i18nKey="contact.quickAnswersText" links={['/faq']} />
            </p>
          </div>
          <ChatAssistant />
        </aside>
      </div>
    </main>
  );
}
