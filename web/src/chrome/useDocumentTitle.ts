import { useEffect } from 'react';
import { i18n } from '../i18n/index.ts';
import { BRAND_NAME } from './navigation.ts';

/** Sets the browser tab title for a page ("Pricing · RecruitMatch"). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND_NAME}` : `${BRAND_NAME} — ${i18n.t('common:footer.slogan')}`;
  }, [title]);
}
