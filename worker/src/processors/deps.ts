import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail.ts';

/** What every processor may use. */
export interface WorkerDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Config;
}
