import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGE_TEMPLATES } from '@app/domain/error-codes';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { catalogs, ENGLISH_ONLY_NAMESPACES, LANGUAGES } from './index.ts';
import { REFERENCE_LISTS } from './reference.ts';

/**
 * The catalogs (issue 19): every key of a bilingual namespace in both languages, the English-only
 * namespaces in English only, no key the source never uses, every message valid ICU with the
 * English message's arguments, the validation catalog the domain's message table word for word.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[full] = value;
    else Object.assign(out, flatten(value, full));
  }
  return out;
}
const flat = (language: (typeof LANGUAGES)[number], namespace: string) => flatten((catalogs[language][namespace] ?? {}) as Tree);

/** The web app's source, tests and catalogs left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'locales' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}
const source = sourceFiles(SRC)
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
/** The string literals of the source ('key', "key", `key`), the form a catalog key is used in. */
const literals = new Set([...source.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)].map((m) => m[2]));

/** Structured entries read whole (catalogTree(t, 'faq.entries')): every key under them is used. */
const subtrees = [...source.matchAll(/catalogTree(?:<[\s\S]*?>)?\(\s*\w+\s*,\s*'([\w.-]+)'/g)].map((m) => m[1]);

/** Namespaces whose keys are not read from source literals but from a table: checked against it. */
const TABLE_NAMESPACES: Record<string, Record<string, string>> = {
  validation: MESSAGE_TEMPLATES,
  reference: Object.fromEntries(Object.entries(REFERENCE_LISTS).flatMap(([list, values]) => values.map((value) => [`${list}.${value}`, value]))),
};

/** The argument names an ICU message reads ({name}, {count, plural, ...}, in nested options too). */
function argumentsOf(message: string): Set<string> {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if ('value' in element && element.type !== TYPE.literal) names.add(String(element.value));
      if ('options' in element) Object.values(element.options).forEach((option) => walk(option.value));
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  try {
    walk(parse(message, { ignoreTag: true }));
  } catch {
    // reported by the parse check
  }
  return names;
}

const bilingual = Object.keys(catalogs.en).filter((ns) => !ENGLISH_ONLY_NAMESPACES.includes(ns));

describe('catalogs', () => {
  it('has the namespaces the app reads', () => {
    expect(bilingual).toEqual(expect.arrayContaining(['common', 'auth', 'athlete', 'validation', 'notifications', 'conversations', 'reference']));
  });

  it.each(bilingual)('%s: every key in both languages', (namespace) => {
    expect(Object.keys(flat('es', namespace)).sort()).toEqual(Object.keys(flat('en', namespace)).sort());
  });

  it.each(ENGLISH_ONLY_NAMESPACES)('%s is English only', (namespace) => {
    expect(catalogs.es[namespace]).toBeUndefined();
  });

  it.each(Object.keys(catalogs.en))('%s: every message parses as ICU in each language, with the English arguments', (namespace) => {
    const problems: string[] = [];
    for (const language of LANGUAGES) {
      for (const [key, message] of Object.entries(flat(language, namespace))) {
        try {
          // As i18next-icu reads them: <0>…</0> marks a component for IcuTrans, not an ICU tag.
          new IntlMessageFormat(message, language, undefined, { ignoreTag: true });
        } catch (error) {
          problems.push(`${language} ${namespace}:${key}: ${(error as Error).message}`);
        }
        if (language !== 'en') {
          const english = argumentsOf(flat('en', namespace)[key] ?? '');
          const unknown = [...argumentsOf(message)].filter((name) => !english.has(name));
          if (unknown.length) problems.push(`${language} ${namespace}:${key} uses ${unknown.join(', ')}, which the English message does not give`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(Object.keys(catalogs.en).filter((ns) => !(ns in TABLE_NAMESPACES)))('%s: no key the source does not use', (namespace) => {
    const inSubtree = (key: string) => subtrees.some((root) => key.startsWith(`${root}.`));
    const unused = Object.keys(flat('en', namespace)).filter((key) => !literals.has(key) && !literals.has(`${namespace}:${key}`) && !inSubtree(key));
    expect(unused).toEqual([]);
  });

  it.each(Object.keys(TABLE_NAMESPACES))('%s: the keys of its table, no more, no less', (namespace) => {
    expect(Object.keys(flat('en', namespace)).sort()).toEqual(Object.keys(TABLE_NAMESPACES[namespace]).sort());
  });

  it('validation: the English catalog is the domain’s messages word for word (the spec’s texts)', () => {
    expect(flat('en', 'validation')).toEqual(MESSAGE_TEMPLATES);
  });
});
