import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type RawBuilder } from 'kysely';

/** A Kysely that only compiles (Postgres dialect, no connection). */
const compileOnly = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * A fixed SQL fragment compiled to its text once, at module load. Kysely walks every node of a
 * statement each time it runs it; the ranked list's card columns and orders are dozens of nested
 * fragments (profile paths, the GPA rule), and walking them on every read cost the hot path about
 * as much API time as the statement's own result parsing. Only fragments without parameters
 * (identifiers and `sql.lit` values only) can be frozen.
 */
export function frozenSql<T = unknown>(fragment: RawBuilder<unknown>): RawBuilder<T> {
  const { sql: text, parameters } = fragment.compile(compileOnly);
  if (parameters.length > 0) throw new Error(`frozenSql: the fragment has parameters: ${text}`);
  return sql.raw<T>(text);
}
