import { sql, type Kysely } from 'kysely';

/**
 * Notifications, email settings and conversations (decisions N1-N3, M9; issue 17).
 * worker/src/notifications/*, api/src/routes/notifications.ts, api/src/routes/conversations.ts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // What happened, written with its outbox row in the transaction of the change (N3). The worker
  // turns each into notifications for the recipients N1 names.
  await db.schema
    .createTable('notification_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('match_shared','match_answered','match_confirmed','message','top15')`))
    .addColumn('match_id', 'uuid', (c) => c.references('matches.id').onDelete('cascade'))
    .addColumn('request_id', 'uuid', (c) => c.notNull().references('coach_requests.id').onDelete('cascade'))
    .addColumn('athlete_id', 'uuid', (c) => c.notNull().references('athletes.id').onDelete('cascade'))
    .addColumn('actor_id', 'uuid')
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // One in-app notification per event and recipient: the unique key makes a job delivered twice
  // a no-op. created_at is when the event happened (lists are in that order); seq is the order
  // of delivery (the live stream's ids: Last-Event-ID resumes from it). email_status: pending (to send), sent, suppressed (the kind is off), digest (top 15:
  // the daily digest carries it).
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('notification_events.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('email_status', 'text', (c) => c.notNull().check(sql`email_status in ('pending','sent','suppressed','digest')`))
    .addColumn('emailed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .addUniqueConstraint('notifications_event_user_key', ['event_id', 'user_id'])
    .execute();
  await sql`create index notifications_user_idx on notifications (user_id, created_at desc, seq desc)`.execute(db);
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(db);
  // The relay's sweep for emails still unsent (worker/src/notifications/sweep.ts).
  await sql`create index notifications_undelivered_idx on notifications (created_at) where email_status in ('pending', 'digest')`.execute(db);

  // Email switches; a missing row means on.
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('email', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('notification_settings_pkey', ['user_id', 'kind'])
    .execute();

  // The top-15 email is a digest: at most one per request per (UTC) day.
  await db.schema
    .createTable('notification_digests')
    .addColumn('request_id', 'uuid', (c) => c.notNull().references('coach_requests.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addPrimaryKeyConstraint('notification_digests_pkey', ['request_id', 'day'])
    .execute();

  // Pairs already announced as in a request's top 15: "newly entered" means not yet in here.
  await db.schema
    .createTable('top15_entries')
    .addColumn('request_id', 'uuid', (c) => c.notNull().references('coach_requests.id').onDelete('cascade'))
    .addColumn('athlete_id', 'uuid', (c) => c.notNull().references('athletes.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('top15_entries_pkey', ['request_id', 'athlete_id'])
    .execute();

  // The lists as they stand are not news: today's top 15 of every live request is recorded as known.
  await sql`
    insert into top15_entries (request_id, athlete_id)
    select t.request_id, t.athlete_id
    from coach_requests r
    cross join lateral (
      select s.request_id, s.athlete_id from match_scores s
      where s.request_id = r.id
      order by s.score desc, s.athlete_updated_at desc, s.athlete_id
      limit 15
    ) t
    where r.deleted_at is null`.execute(db);

  // Conversations (M9): one thread per match, kept forever.
  await db.schema
    .createTable('messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
    .addColumn('match_id', 'uuid', (c) => c.notNull().references('matches.id').onDelete('cascade'))
    .addColumn('sender_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sender_role', 'text', (c) => c.notNull().check(sql`sender_role in ('athlete','coach','agent')`))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) between 1 and 2000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index messages_match_idx on messages (match_id, seq desc)`.execute(db);
  await sql`create index messages_sender_idx on messages (match_id, sender_id, created_at)`.execute(db);

  // The key that signs unsubscribe links (shared by every API and worker process through the
  // database, so no deployment has to configure one). 2 x 122 random bits.
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into app_secrets (name, value) values ('unsubscribe', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['app_secrets', 'messages', 'top15_entries', 'notification_digests', 'notification_settings', 'notifications', 'notification_events']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
