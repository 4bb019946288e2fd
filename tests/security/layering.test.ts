import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The data layer's rules (docs/decisions/007-store.md), checked on the source:
 * - route modules keep HTTP only: they import no database driver or table types and run no
 *   statement; every query is a call into `@app/worker/store`;
 * - the scoring invariant has one home: recording an outbox row, bumping a `version` and
 *   touching `match_scores` happen only in worker/src/store/ (and the migrations and the table
 *   types of worker/src/db/).
 * Each rule lists every violation (file:line and what), so a failure says what to move.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...sourceFiles(rel));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      out.push(rel);
    }
  }
  return out;
}

/** The text with comments blanked (line numbers kept), so a rule named in a comment is no violation. */
export function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, ' '))
    .split('\n')
    .map((line) => line.replace(/(^|[^:'"`])\/\/.*$/, '$1'))
    .join('\n');
}

interface Rule {
  what: string;
  pattern: RegExp;
}

/** What a route module may not contain. */
export const ROUTE_RULES: Rule[] = [
  { what: "imports 'kysely'", pattern: /from\s+['"]kysely(\/[^'"]*)?['"]/ },
  { what: "imports 'pg'", pattern: /from\s+['"](pg|pg-copy-streams)(\/[^'"]*)?['"]/ },
  { what: 'imports worker/src/db', pattern: /from\s+['"](@app\/worker\/db\/[^'"]*|[^'"]*worker\/src\/db\/[^'"]*)['"]/ },
  { what: 'imports worker processors', pattern: /from\s+['"](@app\/worker\/processors\/[^'"]*|[^'"]*worker\/src\/processors\/[^'"]*)['"]/ },
  { what: 'calls .selectFrom(', pattern: /\.selectFrom\(/ },
  { what: 'calls .insertInto(', pattern: /\.insertInto\(/ },
  { what: 'calls .updateTable(', pattern: /\.updateTable\(/ },
  { what: 'calls .deleteFrom(', pattern: /\.deleteFrom\(/ },
  { what: 'opens a transaction', pattern: /\.transaction\(\)/ },
  { what: 'writes sql`…`', pattern: /\bsql\s*(<[^>]*>)?\s*`/ },
];

/** What only the store (and migrations, db schema types) may contain. */
export const STORE_ONLY_RULES: Rule[] = [
  { what: "insertInto('outbox')", pattern: /insertInto\(\s*['"]outbox['"]/ },
  { what: 'a version bump', pattern: /\bversion\s*\+\s*1\b/ },
  { what: 'match_scores', pattern: /\bmatch_scores\b/ },
];

export function violations(file: string, text: string, rules: Rule[]): string[] {
  const found: string[] = [];
  withoutComments(text)
    .split('\n')
    .forEach((line, i) => {
      for (const rule of rules) if (rule.pattern.test(line)) found.push(`${file}:${i + 1} ${rule.what}`);
    });
  return found;
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('layering: routes keep HTTP only, the store keeps the SQL', () => {
  it('the checks catch what they look for (and ignore comments)', () => {
    const sample = [
      "import { sql, type Kysely } from 'kysely';",
      "import pg from 'pg';",
      "import type { Database } from '@app/worker/db/schema';",
      "import { loadAthlete } from '@app/worker/processors/index-store';",
      "const rows = await db.selectFrom('athletes').selectAll().execute();",
      "await trx.insertInto('outbox').values(v).execute();",
      "await db.updateTable('athletes').set({ version: sql<string>`version + 1` }).execute();",
      "await db.deleteFrom('images').execute();",
      'await db.transaction().execute(work);',
      'const { rows } = await sql`select 1 from match_scores`.execute(db);',
      "// db.selectFrom('athletes') in a comment is fine; so is 'http://x'",
      "import { findAthlete } from '@app/worker/store';",
    ].join('\n');
    const routeFound = violations('sample.ts', sample, ROUTE_RULES).map((v) => v.replace(/^sample\.ts:\d+ /, ''));
    expect(new Set(routeFound)).toEqual(new Set(ROUTE_RULES.map((r) => r.what)));
    expect(violations('sample.ts', sample, ROUTE_RULES).some((v) => v.startsWith('sample.ts:11 ') || v.startsWith('sample.ts:12 '))).toBe(false);
    expect(violations('sample.ts', sample, STORE_ONLY_RULES)).toEqual([
      "sample.ts:6 insertInto('outbox')",
      'sample.ts:7 a version bump',
      'sample.ts:10 match_scores',
    ]);
  });

  it('no module under api/src/routes/ imports the database or runs a statement', () => {
    const files = sourceFiles('api/src/routes');
    expect(files.length).toBeGreaterThan(5);
    expect(files.flatMap((file) => violations(file, read(file), ROUTE_RULES))).toEqual([]);
  });

  it('outbox rows, version bumps and match_scores appear only in worker/src/store/ (and migrations, db types)', () => {
    const allowed = (file: string) => file.startsWith('worker/src/store/') || file.startsWith('worker/src/db/');
    const files = ['api/src', 'worker/src', 'domain/src', 'web/src'].flatMap(sourceFiles).filter((file) => !allowed(file));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => violations(file, read(file), STORE_ONLY_RULES))).toEqual([]);
  });
});
