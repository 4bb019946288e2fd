import { Link } from 'react-router-dom';
import { CONTACT_DETAILS, LEGAL_LINKS } from '../../chrome/navigation.ts';
import { LEGAL_DOCUMENTS, type LegalDocumentKey } from './legalContent.ts';
import '../public.css';
import { useDocumentTitle } from '../../chrome/useDocumentTitle.ts';

const slug = (heading: string) => heading.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** A static legal page: Privacy Policy, Terms of Service or Coach Consent Policy. */
export default function LegalPage({ doc }: { doc: LegalDocumentKey }) {
  const legal = LEGAL_DOCUMENTS[doc];
  useDocumentTitle(legal.title);
  return (
    <main id="main" className="page container legal">
      <header className="page-header">
        <p className="eyebrow">Legal</p>
        <h1>{legal.title}</h1>
        <p className="muted">Last updated {legal.updated}</p>
      </header>
      <div className="legal-layout">
        <nav className="legal-toc card" aria-label="On this page">
          <h2>On this page</h2>
          <ol>
            {legal.sections.map((section) => (
              <li key={section.heading}>
                <a href={`#${slug(section.heading)}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
          <h2>Other policies</h2>
          <ul>
            {LEGAL_LINKS.filter((l) => l.label !== legal.title).map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <article className="legal-body card">
          <p className="lead">{legal.intro}</p>
          {legal.sections.map((section) => (
            <section key={section.heading} id={slug(section.heading)} aria-labelledby={`${slug(section.heading)}-title`}>
              <h2 id={`${slug(section.heading)}-title`}>{section.heading}</h2>
              {'paragraphs' in section && section.paragraphs?.map((p) => <p key={p}>{p}</p>)}
              {'list' in section && section.list && (
                <ul>
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          <section aria-labelledby="legal-contact-title">
            <h2 id="legal-contact-title">Contact</h2>
            <p>
              Questions about this document? Email <a href={`mailto:${CONTACT_DETAILS.privacyEmail}`}>{CONTACT_DETAILS.privacyEmail}</a> or use our <Link to="/contact">contact form</Link>.
            </p>
          </section>
        </article>
      </div>
    </main>
  );
}
