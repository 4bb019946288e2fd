import { describe, expect, it } from 'vitest';
import { catalogs } from '../i18n/index.ts';

/**
 * The Spanish `public` and `agent` catalogs leave no English behind: a text identical in both
 * languages is a name, an acronym or a loanword listed here. (Keys, ICU and unused keys: the
 * catalog test in web/src/i18n.)
 */
const SAME_IN_BOTH = new Set(['public:legal.eyebrow', 'agent:facts.gpa', 'agent:filters.matches', 'agent:player.matches']);

function leaves(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof node === 'string') out.set(prefix, node);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) for (const [k, v] of leaves(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  }
  return out;
}

describe.each(['public', 'agent'])('Spanish catalog %s', (namespace) => {
  it('has no English text left', () => {
    const english = leaves(catalogs.en[namespace]);
    const spanish = leaves(catalogs.es[namespace]);
    expect(english.size).toBeGreaterThan(50);
    const same = [...english].filter(([key, text]) => spanish.get(key) === text && /[a-z]{3,}/i.test(text)).map(([key]) => `${namespace}:${key}`);
    expect(same.filter((key) => !SAME_IN_BOTH.has(key))).toEqual([]);
  });
});
