import { sql, type Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database, NotificationKindColumn, Role } from '../db/schema.ts';
import type { Mailer } from '../mail.ts';
import type { WorkerDeps } from '../processors/deps.ts';
import { PermanentJobError } from '../queue/queue.ts';
import { BRAND_NAME, splitList, type Language } from '@app/domain';
import { mailTexts } from '../mail-texts.ts';
import { notificationText, notificationTexts, renderEmail, requestLabel, type EventContext } from './content.ts';
import { unsubscribeToken } from './tokens.ts';
import { notificationItem, unreadCount } from '../store/notifications.ts';
import { coachText, requestJson } from '../store/profile-sql.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Recipient {
  userId: string;
  role: Role;
  email: string;
  /** The account's language: texts and emails are written in it (issue 19). */
  language: Language | null;
}

/** The product's name, as the sender name of MAIL_FROM ("Name <address>"). */
export function productName(config: Config): string {
  return /^\s*"?([^"<]+?)"?\s*</.exec(config.MAIL_FROM)?.[1] ?? BRAND_NAME;
}

export function publicOrigin(config: Config): string {
  return (config.PUBLIC_ORIGIN ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
}

/** Reads an event with everything its texts need and the people N1 tells about it. */
async function loadEvent(db: Kysely<Database>, eventId: string) {
  const row = await db
    .selectFrom('notification_events as e')
    .innerJoin('athletes as a', 'a.id', 'e.athlete_id')
    .innerJoin('coach_requests as r', 'r.id', 'e.request_id')
    .innerJoin('coaches as c', 'c.id', 'r.coach_id')
    .leftJoin('agents as g', 'g.agency', 'a.agency')
    .leftJoin('matches as m', 'm.id', 'e.match_id')
    .innerJoin('users as au', 'au.id', 'a.id')
    .innerJoin('users as cu', 'cu.id', 'c.id')
    .leftJoin('users as gu', 'gu.id', 'g.id')
    .select([
      'e.id',
      'e.kind',
      'e.match_id',
      'e.request_id',
      'e.actor_id',
      'e.data',
      'e.created_at',
      'm.status',
      'a.id as athlete_id',
      'a.email as athlete_email',
      'a.full_name as athlete_name',
      'c.id as coach_id',
      'c.email as coach_email',
      sql<string>`trim(c.first_name || ' ' || c.last_name)`.as('coach_name'),
      sql<string>`coalesce(${coachText('programName')}, '')`.as('program_name'),
      requestJson<string[] | null>('positions').as('request_positions'),
      requestJson<string[] | null>('teamCategories').as('request_teams'),
      'g.id as agent_id',
      'g.email as agent_email',
      sql<string | null>`trim(g.first_name || ' ' || g.last_name)`.as('agent_name'),
      'au.language as athlete_language',
      'cu.language as coach_language',
      'gu.language as agent_language',
    ])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
  if (!row) return null;
  const coach: Recipient = { userId: row.coach_id, role: 'coach', email: row.coach_email, language: row.coach_language };
  const athlete: Recipient = { userId: row.athlete_id, role: 'athlete', email: row.athlete_email, language: row.athlete_language };
  const agent: Recipient | null =
    row.agent_id && row.agent_email ? { userId: row.agent_id, role: 'agent', email: row.agent_email, language: row.agent_language } : null;
  const data = row.data as { to?: string; messageId?: string; autoAccepted?: boolean };
  let recipients: Recipient[];
  switch (row.kind) {
    case 'match_shared':
    case 'match_confirmed':
      recipients = [athlete, agent].filter((r): r is Recipient => r !== null);
      break;
    case 'match_answered':
      recipients = [coach, agent].filter((r): r is Recipient => r !== null);
      break;
    case 'message':
      recipients = [coach, athlete, agent].filter((r): r is Recipient => r !== null && r.userId !== row.actor_id);
      break;
    case 'top15':
      recipients = [coach];
      break;
  }
  const context: EventContext = {
    kind: row.kind,
    matchId: row.match_id,
    requestId: row.request_id,
    status: data.to ?? row.status ?? null,
    autoAccepted: data.autoAccepted === true,
    athleteName: row.athlete_name,
    coachName: row.coach_name,
    programName: row.program_name,
    requestPositions: splitList(row.request_positions),
    requestTeams: splitList(row.request_teams),
  };
  // Recipients who have written in the thread since this message was posted: they have read it.
  let answeredBy = new Set<string>();
  if (row.kind === 'message') {
    const message = data.messageId
      ? await db.selectFrom('messages').select(['body', 'sender_id', 'seq']).where('id', '=', data.messageId).executeTakeFirst()
      : undefined;
    if (!message) return null; // the match (and its thread) is gone
    const later = await db.selectFrom('messages').select('sender_id').distinct().where('match_id', '=', row.match_id!).where('seq', '>', message.seq).execute();
    answeredBy = new Set(later.map((m) => m.sender_id));
    context.messageBody = message.body;
    const sender = [coach, athlete, agent].find((r) => r?.userId === message.sender_id);
    context.senderName = sender?.role === 'coach' ? row.coach_name : sender?.role === 'agent' ? (row.agent_name ?? 'Agent') : row.athlete_name;
    context.senderRole = sender?.role;
  }
  // The live 'match' event says where the match stands now.
  return {
    id: row.id,
    createdAt: row.created_at,
    kind: row.kind,
    matchId: row.match_id,
    requestId: row.request_id,
    status: row.status,
    recipients,
    answeredBy,
    context,
  };
}

/** Users whose email for this kind is off (a missing setting means on). */
async function emailOff(db: Kysely<Database>, userIds: string[], kind: NotificationKindColumn): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('notification_settings')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .where('kind', '=', kind)
    .where('email', '=', false)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/**
 * 'notify.event': one in-app notification per recipient (the unique (event, user) key makes a
 * second delivery insert nothing), then the emails still pending, each marked sent on its own.
 * When SMTP fails the job throws and the queue retries it with backoff: the in-app notifications
 * are already committed, and the emails already sent are not sent again.
 */
export function notifyEventProcessor({ db, mailer, config, live }: WorkerDeps) {
  return async (data: { entityId: string }) => {
    if (!data || typeof data.entityId !== 'string' || !UUID.test(data.entityId)) throw new PermanentJobError(`Bad notify job data: ${JSON.stringify(data)}`);
    const event = await loadEvent(db, data.entityId);
    if (!event) return; // its match or request was deleted since: nothing to tell

    const off = await emailOff(
      db,
      event.recipients.map((r) => r.userId),
      event.kind,
    );
    const inserted = await db
      .insertInto('notifications')
      .values(
        event.recipients.map((r) => ({
          event_id: event.id,
          user_id: r.userId,
          kind: event.kind,
          created_at: event.createdAt,
          // Written in the thread since (a reply posted before this job ran): already read. The
          // writer's notifications delivered by then were marked read by postMessage.
          read_at: event.answeredBy.has(r.userId) ? new Date() : null,
          ...notificationText(event.context, r.role, r.language),
          texts: JSON.stringify(notificationTexts(event.context, r.role)),
          email_status: off.has(r.userId) ? ('suppressed' as const) : event.kind === 'top15' ? ('digest' as const) : ('pending' as const),
        })),
      )
      .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
      .returning(['id', 'seq', 'user_id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'])
      .execute();

    if (live && inserted.length > 0) {
      for (const row of inserted) {
        await live.publish({
          userIds: [row.user_id],
          event: 'notification',
          id: String(row.seq),
          data: { notification: notificationItem(row), unread: await unreadCount(db, row.user_id) },
        });
      }
      if (event.matchId && event.kind !== 'message' && event.status) {
        await live.publish({
          userIds: [...new Set([...event.recipients.map((r) => r.userId)])],
          event: 'match',
          data: { matchId: event.matchId, requestId: event.requestId, status: event.status },
        });
      }
    }

    if (event.kind === 'top15') await sendTop15Digest(db, mailer, config, event.context, event.recipients[0]);
    else await sendPendingEmails(db, mailer, config, event.id, event.recipients);
  };
}

async function emailHeaders(db: Kysely<Database>, config: Config, userId: string, kind: NotificationKindColumn) {
  const origin = publicOrigin(config);
  const token = encodeURIComponent(await unsubscribeToken(db, userId, kind));
  return {
    unsubscribeUrl: `${origin}/unsubscribe?token=${token}`,
    headers: {
      'List-Unsubscribe': `<${origin}/api/notifications/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

async function sendPendingEmails(db: Kysely<Database>, mailer: Mailer, config: Config, eventId: string, recipients: Recipient[]) {
  const pending = await db
    .selectFrom('notifications')
    .select(['id', 'user_id', 'kind', 'title', 'body', 'link'])
    .where('event_id', '=', eventId)
    .where('email_status', '=', 'pending')
    .orderBy('seq')
    .execute();
  const name = productName(config);
  for (const n of pending) {
    const to = recipients.find((r) => r.userId === n.user_id);
    if (!to) continue;
    const { unsubscribeUrl, headers } = await emailHeaders(db, config, n.user_id, n.kind);
    const { text, html } = renderEmail({
      productName: name,
      heading: n.title,
      lines: [n.body],
      actionLabel: n.kind === 'message' ? mailTexts(to.language).email.openConversation : mailTexts(to.language).email.open,
      actionUrl: `${publicOrigin(config)}${n.link}`,
      unsubscribeUrl,
      kind: n.kind,
      language: to.language,
    });
    // The row stays locked while its mail is sent: two runs of the same event (a retry and the
    // sweep) cannot both send it; a failed send rolls back and leaves it pending.
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .selectFrom('notifications')
        .select('id')
        .where('id', '=', n.id)
        .where('email_status', '=', 'pending')
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!claimed) return;
      await mailer.send({ to: to.email, subject: n.title, text, html, headers });
      await trx
        .updateTable('notifications')
        .set({ email_status: 'sent', emailed_at: sql<Date>`now()` })
        .where('id', '=', n.id)
        .execute();
    });
  }
}

/**
 * The top-15 email is a digest: at most one per request per UTC day, listing the athletes that
 * entered since the last digest. Entries after today's digest wait for the next day's. The
 * digest row is locked while sending, so two jobs of the same request never both send.
 */
async function sendTop15Digest(db: Kysely<Database>, mailer: Mailer, config: Config, event: EventContext, coach: Recipient) {
  const { requestId } = event;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('notification_digests')
      .values({ request_id: requestId, day: sql<string>`(now() at time zone 'utc')::date` })
      .onConflict((oc) => oc.columns(['request_id', 'day']).doNothing())
      .execute();
    const digest = await trx
      .selectFrom('notification_digests')
      .select('sent_at')
      .where('request_id', '=', requestId)
      .where('day', '=', sql<string>`(now() at time zone 'utc')::date`)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (digest.sent_at) return;
    const entries = await trx
      .selectFrom('notifications as n')
      .innerJoin('notification_events as e', 'e.id', 'n.event_id')
      .innerJoin('athletes as a', 'a.id', 'e.athlete_id')
      .select(['n.id', 'a.full_name'])
      .where('n.user_id', '=', coach.userId)
      .where('n.kind', '=', 'top15')
      .where('e.request_id', '=', requestId)
      .where('n.email_status', '=', 'digest')
      .orderBy('n.seq')
      .execute();
    if (entries.length === 0) return;
    const { unsubscribeUrl, headers } = await emailHeaders(trx, config, coach.userId, 'top15');
    const texts = mailTexts(coach.language);
    const { heading, intro } = texts.notification.top15Digest(
      entries.map((e) => e.full_name),
      requestLabel(event, coach.language),
    );
    const { text, html } = renderEmail({
      productName: productName(config),
      heading,
      lines: [intro, entries.map((e) => `• ${e.full_name}`).join('\n')],
      actionLabel: texts.email.seeRankedList,
      actionUrl: `${publicOrigin(config)}/coach-requests?request=${requestId}`,
      unsubscribeUrl,
      kind: 'top15',
      language: coach.language,
    });
    await mailer.send({ to: coach.email, subject: heading, text, html, headers });
    await trx
      .updateTable('notification_digests')
      .set({ sent_at: sql<Date>`now()` })
      .where('request_id', '=', requestId)
      .where('day', '=', sql<string>`(now() at time zone 'utc')::date`)
      .execute();
    await trx
      .updateTable('notifications')
      .set({ email_status: 'sent', emailed_at: sql<Date>`now()` })
      .where(
        'id',
        'in',
        entries.map((e) => e.id),
      )
      .execute();
  });
}
