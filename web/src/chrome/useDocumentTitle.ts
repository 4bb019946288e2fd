import { useEffect } from 'react';
import { BRAND_NAME } from './navigation.ts';

/** Sets the browser tab title for a page ("Pricing · RecruitMatch"). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND_NAME}` : `${BRAND_NAME} — Your Future, Matched.`;
  }, [title]);
}
