import { IcuTrans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CONTACT_DETAILS } from '../../chrome/navigation.ts';
import { legalDocument, LEGAL_ROUTES, type LegalDocumentKey } from './legalContent.ts';
import '../public.css';
import { useDocumentTitle } from '../../chrome/useDocumentTitle.ts';
import { currentLocale } from '../../ui/format.ts';

/** An anchor for a heading: 'Retención y seguridad' -> 'retencion-y-seguridad'. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-');

/** A static legal page: Privacy Policy, Terms of Service or Coach Consent Policy. */
export default function LegalPage({ doc }: { doc: LegalDocumentKey }) {
  const { t } = useTranslation('public');
  const legal = legalDocument(t, doc);
  const titles: Record<LegalDocumentKey, string> = { privacy: t('legal.privacy.title'), terms: t('legal.terms.title'), consent: t('legal.consent.title') };
  const others = (Object.keys(LEGAL_ROUTES) as LegalDocumentKey[]).filter((key) => key !== doc);
  const updated = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(legal.updated));
  useDocumentTitle(legal.title);
  return (
    <main id="main" className="page container legal">
      <header className="page-header">
        <p className="eyebrow">{t('legal.eyebrow')}</p>
        <h1>{legal.title}</h1>
        <p className="muted">{t('legal.updated', { date: updated })}</p>
      </header>
      <div className="legal-layout">
        <nav className="legal-toc card" aria-label={t('legal.onThisPage')}>
          <h2>{t('legal.onThisPage')}</h2>
          <ol>
            {legal.sections.map((section) => (
              <li key={section.heading}>
                <a href={`#${slug(section.heading)}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
          <h2>{t('legal.otherPolicies')}</h2>
          <ul>
            {others.map((key) => (
              <li key={key}>
                <Link to={LEGAL_ROUTES[key]}>{titles[key]}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <article className="legal-body card">
          <p className="lead">{legal.intro}</p>
          {legal.sections.map((section) => (
            <section key={section.heading} id={slug(section.heading)} aria-labelledby={`${slug(section.heading)}-title`}>
              <h2 id={`${slug(section.heading)}-title`}>{section.heading}</h2>
              {section.paragraphs?.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {section.list && (
                <ul>
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          <section aria-labelledby="legal-contact-title">
            <h2 id="legal-contact-title">{t('legal.contactTitle')}</h2>
            <p>
              <IcuTrans
                ns="public"
                i18nKey="legal.contactText"
                defaultTranslation=""
                values={{ email: CONTACT_DETAILS.privacyEmail }}
                content={[
                  { type: 'a', props: { href: `mailto:${CONTACT_DETAILS.privacyEmail}` } },
                  { type: Link, props: { to: '/contact' } },
                ]}
              />
            </p>
          </section>
        </article>
      </div>
    </main>
  );
}
