import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES } from '../i18n/index.ts';
import { useChooseLanguage } from '../i18n/language.ts';

/**
 * The language switcher of the top bar and the footer (issue 19): a labelled native select
 * (keyboard and screen-reader friendly as it is). Each language is named in itself.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const choose = useChooseLanguage();
  const id = useId();
  return (
    <div className={`language-switcher ${className ?? ''}`}>
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <svg className="language-switcher-icon" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <g fill="none" stroke="currentColor" strokeWidth="1.8">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
        </g>
      </svg>
      <select
        id={id}
        className="language-select"
        value={i18n.resolvedLanguage}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void choose(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {language === 'en' ? t('language.en') : t('language.es')}
          </option>
        ))}
      </select>
    </div>
  );
}
