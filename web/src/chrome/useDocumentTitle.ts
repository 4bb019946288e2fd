import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import { BRAND_NAME } from './navigation.ts';

/** The tab title of a page without its own: "RecruitMatch — Your Future, Matched." in the app's language. */
export function defaultDocumentTitle(): string {
  return `${BRAND_NAME} — ${i18n.t('common:footer.slogan')}`;
}

/** Sets the browser tab title for a page ("Pricing · RecruitMatch"), again when the language changes. */
export function useDocumentTitle(title: string | undefined) {
  const { i18n: instance } = useTranslation();
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND_NAME}` : defaultDocumentTitle();
  }, [title, instance.resolvedLanguage]);
}
