import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import IntlMessageFormat from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { catalogs } from '../i18n/index.ts';

/**
 * The `public` and `agent` catalogs (this folder and web/src/agent read them): the same keys in
 * both languages, every message valid ICU with the same arguments, and no key the code never
 * names. Structured content (FAQ, legal texts, steps) is read as a subtree (catalogTree), so a
 * key counts as used when the code names it or one of its parents.
 */
const NAMESPACES = { public: 'public', agent: 'agent' } as const;
const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function leaves(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof node === 'string') out.set(prefix, node);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  }
  return out;
}

/** The argument names of an ICU message ('{count, plural, ...}' -> count). */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  // Element types 1-6: argument, number, date, time, select, plural (0 is text, 7 '#', 8 a tag).
  const walk = (elements: ReturnType<IntlMessageFormat['getAst']>) => {
    for (const element of elements) {
      if (element.type >= 1 && element.type <= 6 && 'value' in element && typeof element.value === 'string') names.add(element.value);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(new IntlMessageFormat(message, 'en', undefined, { ignoreTag: true }).getAst());
  return [...names].sort();
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\./.test(name) ? [file] : [];
  });
}

/** Every quoted string of the code of both folders: the keys it names. */
const named = new Set(
  [...sources(path.join(webSrc, 'public')), ...sources(path.join(webSrc, 'agent'))].flatMap((file) =>
    [
      // 'landing.hero.lead', 'public:contact.sendFailed', and t('any') for the top-level keys.
      ...[...readFileSync(file, 'utf8').matchAll(/(['"`])((?:[\w-]+:)?[\w-]+(?:\.[\w-]+)+)\1/g)].map((m) => m[2].replace(/^[\w-]+:/, '')),
      ...[...readFileSync(file, 'utf8').matchAll(/\bt\('([\w-]+)'/g)].map((m) => m[1]),
    ],
  ),
);

/** Texts that are the same in both languages (names, acronyms, loanwords). */
const SAME_IN_BOTH = new Set(['public:legal.eyebrow', 'agent:facts.gpa', 'agent:filters.matches']);

describe.each(Object.values(NAMESPACES))('catalog %s', (namespace) => {
  const en = leaves(catalogs.en[namespace]);
  const es = leaves(catalogs.es[namespace]);

  it('has the same keys in English and Spanish', () => {
    expect(en.size).toBeGreaterThan(10);
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('holds valid ICU messages; the Spanish ones use every English argument (plus at most a count for agreement)', () => {
    for (const [key, message] of en) {
      const english = argumentsOf(message);
      const spanish = argumentsOf(es.get(key) ?? '');
      expect({ key, missing: english.filter((a) => !spanish.includes(a)), extra: spanish.filter((a) => !english.includes(a) && a !== 'count') }).toEqual({ key, missing: [], extra: [] });
    }
  });

  it('has no key the code never names', () => {
    const used = (key: string) => {
      const parts = key.split('.');
      return parts.some((_, i) => named.has(parts.slice(0, i + 1).join('.')));
    };
    expect([...en.keys()].filter((key) => !used(key))).toEqual([]);
  });

  it('leaves no English text in the Spanish catalog', () => {
    const same = [...en].filter(([key, text]) => es.get(key) === text && /[a-z]{3,}/i.test(text)).map(([key]) => key);
    expect(same.filter((key) => !SAME_IN_BOTH.has(`${namespace}:${key}`))).toEqual([]);
  });
});
