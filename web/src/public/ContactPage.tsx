import { useTranslation } from 'react-i18next';
import { SOCIAL_LINKS } from '../chrome/navigation.ts';
import { SocialIcon } from '../chrome/SocialIcon.tsx';
import { ChatAssistant } from './assistant/ChatAssistant.tsx';
import { ContactForm } from './ContactForm.tsx';
import { ContactLines } from './ContactLines.tsx';
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
            <ContactLines />
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
