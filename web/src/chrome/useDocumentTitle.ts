import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import { BRAND_NAME } from './navigation.ts';

/** The tab title of a page without its own: "RecruitMatch — Your Future, Matched." in the app's language. */
function defaultDocumentTitle(): string {
  return `${BRAND_NAME} — ${i18n.t('common:footer.slogan')}`;
}

// The tab title is the page's title after the unread count ("(3) Requests · RecruitMatch"): each
// part is set by its own hook, and either one changing writes the whole title again.
let pageTitle: string | null = null;
let unreadCount = 0;

/** Writes the tab title from its parts (also when the language changes: the default title is translated). */
export function writeTitle() {
  const page = pageTitle ?? defaultDocumentTitle();
  document.title = unreadCount > 0 ? `(${unreadCount > 99 ? '99+' : unreadCount}) ${page}` : page;
}

/** Sets the browser tab title for a page ("Pricing · RecruitMatch"), again when the language changes. */
export function useDocumentTitle(title: string | undefined) {
  const { i18n: instance } = useTranslation();
  useEffect(() => {
    pageTitle = title ? `${title} · ${BRAND_NAME}` : null;
    writeTitle();
  }, [title, instance.resolvedLanguage]);
}

/**
 * Puts the signed-in user's unread notifications before the tab title, as mail and chat apps do: a
 * share or a message is seen from another tab. Nothing once there are none, or on sign-out.
 */
export function useUnreadInTitle(unread: number) {
  useEffect(() => {
    unreadCount = unread;
    writeTitle();
    return () => {
      unreadCount = 0;
      writeTitle();
    };
  }, [unread]);
}
