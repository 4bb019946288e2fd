import type { SelectQueryBuilder } from 'kysely';

/** How many rows a query selects: `await countRows(db.selectFrom('matches').where('status', '=', 'declined'))`. */
export async function countRows<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .$castTo<{ n: string }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
