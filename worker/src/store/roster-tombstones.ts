import { sql } from 'kysely';
import type { Db } from './result.ts';

// The roster generations' tombstones kept in bounds (migration 2026-12-05T15-00). Not in roster.ts:
// its imports lead back to the outbox relay that calls this, and roster.ts builds statements from
// matches.ts as it loads, so the cycle left them undefined for a file that loaded the relay first.

/**
 * Deletes each agency's roster tombstones but its latest, a bounded batch at a time (the outbox
 * relay's prune pass). A generation reads only the greatest of them, so this moves no generation
 * and keeps no page from being answered again; without it, every transaction that deletes an
 * agency's news or best scores left a row forever. A tombstone of a writer still running is not
 * seen here and stays until a later pass. Returns how many were deleted.
 */
export async function pruneRosterTombstones(db: Db, batch = 5000): Promise<number> {
  const result = await sql`
    delete from roster_tombstones t
    where (t.agency, t.roster_change) in (
      select old.agency, old.roster_change from roster_tombstones old
      where exists (select 1 from roster_tombstones later where later.agency = old.agency and later.roster_change > old.roster_change)
      limit ${batch})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
