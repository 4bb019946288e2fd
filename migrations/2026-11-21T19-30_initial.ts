import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in new, later-prefixed files.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('athlete','coach','agent')`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('users_role_email_key', ['role', 'email'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('verification_codes_email_role_idx').on('verification_codes').columns(['email', 'role', 'created_at']).execute();

  await db.schema
    .createTable('athletes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('agency', 'text')
    .addColumn('profile', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('profile_completed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('gender', 'text')
    .addColumn('age', 'integer')
    .addColumn('is_transfer', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('primary_position', 'text')
    .addColumn('secondary_position', 'text')
    .addColumn('auto_accept_matches', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('indexed_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('athletes_agency_idx').on('athletes').column('agency').execute();
  await db.schema
    .createIndex('athletes_completed_position_idx')
    .on('athletes')
    .columns(['primary_position', 'secondary_position'])
    .where(sql.ref('profile_completed'), '=', true)
    .execute();
  await db.schema.createIndex('athletes_created_idx').on('athletes').column('created_at').execute();

  await db.schema
    .createTable('coaches')
    .addColumn('id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('profile', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('agents')
    .addColumn('id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('agency', 'text', (c) => c.notNull().unique())
    .addColumn('agency_url', 'text', (c) => c.notNull())
    .addColumn('profile_photo_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('coach_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('coach_id', 'uuid', (c) => c.notNull().references('coaches.id').onDelete('cascade'))
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('urgent', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(1))
    .addColumn('indexed_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('coach_requests_coach_idx').on('coach_requests').columns(['coach_id', 'created_at']).execute();

  await db.schema
    .createTable('matches')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('request_id', 'uuid', (c) => c.notNull().references('coach_requests.id').onDelete('cascade'))
    .addColumn('athlete_id', 'uuid', (c) => c.notNull().references('athletes.id').onDelete('cascade'))
    .addColumn('coach_id', 'uuid', (c) => c.notNull().references('coaches.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending','accepted','declined')`))
    .addColumn('auto_resolved', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('matches_request_athlete_key', ['request_id', 'athlete_id'])
    .execute();
  await db.schema.createIndex('matches_coach_idx').on('matches').column('coach_id').execute();
  await db.schema.createIndex('matches_athlete_idx').on('matches').column('athlete_id').execute();

  await db.schema
    .createTable('match_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('match_id', 'uuid', (c) => c.notNull().references('matches.id').onDelete('cascade'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('match_events_match_idx').on('match_events').column('match_id').execute();

  await db.schema
    .createTable('match_scores')
    .addColumn('request_id', 'uuid', (c) => c.notNull().references('coach_requests.id').onDelete('cascade'))
    .addColumn('athlete_id', 'uuid', (c) => c.notNull().references('athletes.id').onDelete('cascade'))
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('sub_position', 'double precision', (c) => c.notNull())
    .addColumn('sub_academics', 'double precision', (c) => c.notNull())
    .addColumn('sub_lyfs', 'double precision', (c) => c.notNull())
    .addColumn('sub_region', 'double precision', (c) => c.notNull())
    .addColumn('sub_budget', 'double precision', (c) => c.notNull())
    .addColumn('sub_extras', 'double precision', (c) => c.notNull())
    .addColumn('position_match', 'text')
    .addColumn('position_exact', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('highlights', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('athlete_updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('athlete_version', 'bigint', (c) => c.notNull())
    .addColumn('request_version', 'bigint', (c) => c.notNull())
    .addColumn('computed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('match_scores_pkey', ['request_id', 'athlete_id'])
    .execute();
  // Serves the top15 / all views (S12 order) straight from the index.
  await sql`create index match_scores_rank_idx on match_scores (request_id, score desc, athlete_updated_at desc, athlete_id)`.execute(db);
  await db.schema.createIndex('match_scores_athlete_idx').on('match_scores').column('athlete_id').execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'uuid', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('published_at', 'timestamptz')
    .execute();
  await sql`create index outbox_unpublished_idx on outbox (id) where published_at is null`.execute(db);

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('owner_id', 'uuid')
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['images', 'contact_messages', 'outbox', 'match_scores', 'match_events', 'matches', 'coach_requests', 'agents', 'coaches', 'athletes', 'verification_codes', 'sessions', 'users']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
