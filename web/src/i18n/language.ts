import { preferredLanguage, type Language } from '@app/domain/language';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/client.ts';
import { SESSION_KEY, useSession, type SessionUser } from '../auth/api.ts';
import { writeTitle } from '../chrome/useDocumentTitle.ts';
import { NOTIFICATIONS_KEY } from '../notifications/api/getNotifications.ts';
import { i18n, isLanguage } from './index.ts';

/**
 * Which language the app speaks (issue 19): the account's setting when signed in, else the
 * visitor's choice remembered in this browser, else the browser's languages, else English.
 */
export const LANGUAGE_STORAGE_KEY = 'language';

function storedLanguage(): Language | undefined {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined; // storage blocked: the browser's language then
  }
}

function rememberInBrowser(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts for this page's life
  }
}

/** The language before the session is known: the visitor's choice, else the browser's. */
export function initialLanguage(): Language {
  return storedLanguage() ?? preferredLanguage(typeof navigator === 'undefined' ? [] : navigator.languages);
}

/**
 * The page's `<html lang>` follows the language (screen readers, hyphenation, spell checkers), and
 * so does the default tab title (a page's own title is useDocumentTitle's).
 */
export function followLanguageInDocument() {
  const apply = (language: string) => {
    document.documentElement.lang = language;
    writeTitle();
  };
  apply(i18n.language);
  i18n.on('languageChanged', apply);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

function saveAccountLanguage(language: Language) {
  return apiRequest<{ user: SessionUser }>('/account/language', { method: 'PUT', body: { language } });
}

/** The switcher's action: the app changes at once; the choice is kept for the account when signed in, in this browser otherwise. */
export function useChooseLanguage() {
  const queryClient = useQueryClient();
  const session = useSession();
  return async (language: Language) => {
    rememberInBrowser(language);
    await i18n.changeLanguage(language);
    if (session.data) {
      // Not saved (offline, session over): this page speaks the choice; the account keeps its language.
      const saved = await saveAccountLanguage(language).catch(() => null);
      if (saved) {
        queryClient.setQueryData(SESSION_KEY, saved.user);
        // The server writes the notifications' texts in the account's language: read them again in this one.
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      }
    }
  };
}

/**
 * Keeps the app in the signed-in account's language. An account that never chose one takes the
 * language the person was using when they signed in (so mails reach them in it too).
 */
export function useAccountLanguage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const { i18n: instance } = useTranslation();
  const user = session.data;
  useEffect(() => {
    if (!user) return;
    if (user.language) {
      // Kept in this browser too, so the next visit starts in it before the session answers.
      rememberInBrowser(user.language);
      if (user.language !== instance.resolvedLanguage) void instance.changeLanguage(user.language);
    }
    if (!user.language) {
      saveAccountLanguage(currentLanguage())
        .then(({ user: saved }) => queryClient.setQueryData(SESSION_KEY, saved))
        .catch(() => undefined); // not remembered this time; asked again at the next session load
    }
  }, [user, instance, queryClient]);
}
