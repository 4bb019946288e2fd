import { Link } from 'react-router-dom';
import { ChatAssistant } from './assistant/ChatAssistant.tsx';
import { FAQ_GROUPS } from './faq/faqContent.ts';
import './public.css';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';

export default function FaqPage() {
  useDocumentTitle('FAQ');
  return (
    <main id="main" className="page container">
      <header className="page-header">
        <p className="eyebrow">FAQ</p>
        <h1>Frequently asked questions</h1>
        <p className="lead">Answers for athletes, coaches and everyone curious about how we match talent with programs.</p>
        <nav className="chips faq-jump" aria-label="FAQ sections">
          {FAQ_GROUPS.map((group) => (
            <a key={group.id} className="chip" href={`#faq-${group.id}`}>
              {group.title}
            </a>
          ))}
        </nav>
      </header>
      <div className="faq-layout">
        <div className="faq-groups">
          {FAQ_GROUPS.map((group) => (
            <section key={group.id} id={`faq-${group.id}`} className="faq-group" aria-labelledby={`faq-${group.id}-title`}>
              <h2 id={`faq-${group.id}-title`}>{group.title}</h2>
              <div className="faq-list">
                {group.entries.map((entry) => (
                  <details key={entry.question} className="faq-item">
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
            Didn’t find your answer? <Link to="/contact">Send us a message</Link>.
          </p>
        </div>
        <aside className="faq-aside" aria-label="Chat assistant">
          <ChatAssistant />
        </aside>
      </div>
    </main>
  );
}
