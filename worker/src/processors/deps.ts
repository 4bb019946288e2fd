import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail.ts';
import type { LiveBus } from '../notifications/live.ts';

/** What every processor may use. */
export interface WorkerDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Config;
  /** Where live events for open streams go (absent: none are sent). */
  live?: LiveBus;
}
