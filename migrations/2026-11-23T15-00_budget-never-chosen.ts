import { sql, type Kysely } from 'kysely';

/**
 * Decision S15: a budget is unset until the athlete picks one. The old slider started at 0 and
 * every save sent it, so a stored 0 cannot be told apart from a budget nobody chose: each one
 * becomes "not set", and `budgetUnconfirmed` asks the athlete once on the dashboard (cleared by
 * the next profile save or by "Not now"). Scores do not change: under S9 a budget of 0 and an
 * unknown budget both meet no band limit (the smallest is 5,000) and both count 1 against a
 * request without a budget, so the index stays exact without a rescore and no version is bumped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update athletes
    set profile = (profile - 'estimatedBudget') || '{"budgetUnconfirmed": true}'::jsonb
    where profile ? 'estimatedBudget' and jsonb_typeof(profile -> 'estimatedBudget') = 'number'
      and (profile ->> 'estimatedBudget')::numeric = 0`.execute(db);
}

/** The unset budgets go back to the 0 they were. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    update athletes
    set profile = (profile - 'budgetUnconfirmed') || '{"estimatedBudget": 0}'::jsonb
    where profile ? 'budgetUnconfirmed'`.execute(db);
}
