import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Every source file and message catalog of the web app, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(tsx?|json)$/.test(name) && !/\.test\./.test(name) ? [file] : [];
  });
}

describe('marketing copy', () => {
  // A launch date goes stale (the landing said "Launching Fall 2025" under a 2026 footer): none in copy.
  it('makes no dated launch claims', () => {
    const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const dated =
      /(?:launch(?:ing|es|ed)?|lanza(?:miento|mos|remos|rá)?)\b[^'"`<]{0,20}\b(?:(?:spring|summer|fall|autumn|winter|primavera|verano|otoño|invierno)\s+(?:de\s+)?)?20\d\d/i;
    const offenders = sources(webSrc).filter((file) => dated.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
