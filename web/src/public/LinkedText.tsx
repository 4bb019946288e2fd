import { IcuTrans } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * A sentence of the public catalog whose tags <0>…</0>, <1>…</1>, … are links inside the app,
 * to `links[0]`, `links[1]`, … in that order.
 */
export function LinkedText({ i18nKey, links }: { i18nKey: string; links: readonly string[] }) {
  return <IcuTrans ns="public" i18nKey={i18nKey} defaultTranslation="" content={links.map((to) => ({ type: Link, props: { to } }))} />;
}
