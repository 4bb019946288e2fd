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
      <span className="language-switcher-icon" aria-hidden="true">
        🌐
      </span>
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
