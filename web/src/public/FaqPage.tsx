import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChatAssistant } from './assistant/ChatAssistant.tsx';
import { faqGroups } from './faq/faqContent.ts';
import './public.css';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { LinkedText } from './LinkedText.tsx';

export default function FaqPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('faq.title'));
  const groups = faqGroups(t);
  return (
    <main id="main" className="page container">
      <header className="page-header">
        <p className="eyebrow">{t('faq.title')}</p>
        <h1>{t('faq.heading')}</h1>
        <p className="lead">{t('faq.lead')}</p>
        <nav className="chips faq-jump" aria-label={t('faq.sections')}>
          {groups.map((group) => (
            <a key={group.id} className="chip" href={`#faq-${group.id}`}>
              {group.title}
            </a>
          ))}
        </nav>
      </header>
      <div className="faq-layout">
        <div className="faq-groups">
          {groups.map((group) => (
            <section key={group.id} id={`faq-${group.id}`} className="faq-group" aria-labelledby={`faq-${group.id}-title`}>
              <h2 id={`faq-${group.id}-title`}>{group.title}</h2>
              <div className="faq-list">
                {group.entries.map((entry) => (
                  <details key={entry.id} className="faq-item">
                    <summary>{entry.question}</summary>
                    <div className="faq-answer">
                      <p>{entry.answer}</p>
                      {entry.link && (
                        <Link className="faq-more" to={entry.link.to}>
                          {entry.link.label} →
                        </Link>
                      )}
                    </div>
                  </details>
                ))}
              </div>
            </section>
          ))}
          <p className="muted">
            <LinkedText i18nKey="faq.notFound" links={['/contact']} />
          </p>
        </div>
        <aside className="faq-aside" aria-label={t('assistant.label')}>
          <ChatAssistant />
        </aside>
      </div>
    </main>
  );
}
