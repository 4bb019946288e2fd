import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from './i18n/index.ts';
import { followLanguageInDocument, initialLanguage } from './i18n/language.ts';
import { App } from './App.tsx';
import './styles.css';

// The visitor's language before the session answers (the account's then wins: useAccountLanguage).
void i18n.changeLanguage(initialLanguage());
followLanguageInDocument();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
