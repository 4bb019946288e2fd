import type { TFunction } from 'i18next';

/**
 * A structured catalog entry (FAQ, legal text, team stories, lists of steps) with every string
 * formatted as an ICU message with `values`: `returnObjects` alone hands back raw messages.
 * `t` is bound to the namespace that holds `key`.
 */
export function catalogTree<T>(t: TFunction, key: string, values: Record<string, unknown> = {}): T {
  const translate = t as unknown as (key: string, options?: Record<string, unknown>) => unknown;
  const walk = (node: unknown, path: string): unknown => {
    if (typeof node === 'string') return translate(path, values);
    if (Array.isArray(node)) return node.map((item, index) => walk(item, `${path}.${index}`));
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, `${path}.${k}`)]));
    return node;
  };
  return walk(translate(key, { returnObjects: true }), key) as T;
}
