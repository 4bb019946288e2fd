import type { Role } from '@app/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { findLoginUser, setAccountEmail } from './accounts.ts';
import { changeMatchStatus, shareOrConfirm } from './matches.ts';
import { viewOrder } from './match-scores.ts';
import { postMessage } from './conversations.ts';

// The embedded default's demo (api/src/demo.ts): what follows a match, played once on the seeded
// database after its index is built.

/**
 * The demo athlete's login goes to the complete player the demo coach's lists hold most often
 * (then all lists, then the best score). The seed gives it to its first generated player, who may
 * be listed nowhere, and a demo athlete nobody can share shows nothing after the match. The two
 * accounts swap email (wherever it is kept) and password hash; names and profiles stay put.
 */
async function moveDemoAthleteLogin(db: Kysely<Database>, athleteEmail: string, coachEmail: string): Promise<void> {
  const best = await db
    .selectFrom('match_scores as ms')
    .innerJoin('coach_requests as r', 'r.id', 'ms.request_id')
    .innerJoin('users as c', 'c.id', 'r.coach_id')
    .select('ms.athlete_id')
    .where('r.deleted_at', 'is', null)
    .groupBy('ms.athlete_id')
    .orderBy(sql`count(*) filter (where c.email = ${coachEmail})`, 'desc')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`max(ms.score)`, 'desc')
    .orderBy('ms.athlete_id')
    .limit(1)
    .executeTakeFirst();
  if (!best) return;
  await db.transaction().execute(async (trx) => {
    const demo = await trx.selectFrom('users').select(['id', 'password_hash']).where('email', '=', athleteEmail).forUpdate().executeTakeFirst();
    if (!demo || demo.id === best.athlete_id) return;
    const other = await trx.selectFrom('users').select(['email', 'password_hash']).where('id', '=', best.athlete_id).forUpdate().executeTakeFirstOrThrow();
    /** The account's email, wherever it is kept, and its password hash. */
    const setLogin = async (id: string, email: string, passwordHash: string) => {
      await setAccountEmail(trx, 'athlete', id, email);
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    };
    // Emails are unique: the demo account lets go of its own first.
    await setLogin(demo.id, `moving-${demo.id}@example.invalid`, demo.password_hash);
    await setLogin(best.athlete_id, athleteEmail, demo.password_hash);
    await setLogin(demo.id, other.email, other.password_hash);
  });
}

/** Players the demo coach shares from the top of each of their requests' lists. */
const DEMO_SHARES_PER_REQUEST = 3;

/** A first exchange after an accepted match: coach, player, coach. */
const DEMO_CONVERSATION = [
  ['coach', 'Hi! We watched your highlight video and think you would fit our program well. Are you still looking at the terms in our request?'],
  ['athlete', 'Thank you, coach! Yes, I am. What would you need from me to move forward?'],
  ['coach', 'Your latest transcript and a full match video. Our staff would like a call with you and your agency next week.'],
] as const;

/**
 * The player's answer that ends the demo coach's own conversation (not the demo athlete's): each
 * demo login then opens on a conversation whose last message is new to them, the coach's as the
 * athlete's and the agent's.
 */
const DEMO_PLAYER_ANSWER = ['athlete', 'Great, I will send both today. My agency will write to you to set up the call.'] as const;

export interface DemoActivity {
  shared: number;
  accepted: number;
  messages: number;
}

/**
 * What happens after the match, so a first look at the demo shows it. The demo athlete login
 * first goes to a listed player (moveDemoAthleteLogin). The demo coach shares the best-ranked
 * players of each request; the first of them accepts and the two exchange messages, the player's
 * answer last (DEMO_PLAYER_ANSWER). The demo athlete is shared on the two requests that rank them
 * best (the demo coach's first when listed there), accepts the first, with a conversation whose
 * last message is the coach's, and has the other to answer. Done through the store's own calls
 * (the product's rules, match events and notification events), not written as rows. Returns what
 * it did.
 */
export async function playDemoActivity(db: Kysely<Database>, logins: ReadonlyArray<{ role: Role; email: string }>): Promise<DemoActivity> {
  const emailOf = (role: Role) => logins.find((l) => l.role === role)?.email;
  const [athleteEmail, coachEmail] = [emailOf('athlete'), emailOf('coach')];
  if (athleteEmail && coachEmail) await moveDemoAthleteLogin(db, athleteEmail, coachEmail);
  const idOf = async (role: Role) => {
    const email = emailOf(role);
    return (email ? await findLoginUser(db, role, email) : undefined)?.id ?? null;
  };
  const [demoCoachId, demoAthleteId] = [await idOf('coach'), await idOf('athlete')];
  const activity: DemoActivity = { shared: 0, accepted: 0, messages: 0 };
  const share = async (coachId: string, requestId: string, athleteId: string) => {
    const shared = await shareOrConfirm(db, coachId, requestId, athleteId);
    if (shared.ok) activity.shared += 1;
    return shared.ok ? shared.value.id : null;
  };
  /** The player accepts, and they and the coach exchange `conversation`. */
  const acceptAndTalk = async (matchId: string, coachId: string, athleteId: string, conversation: ReadonlyArray<readonly ['coach' | 'athlete', string]>) => {
    const accepted = await changeMatchStatus(db, matchId, 'accepted', { role: 'athlete', id: athleteId });
    if (!accepted.ok) return false;
    activity.accepted += 1;
    for (const [role, body] of conversation) {
      const sender = role === 'coach' ? { id: coachId, role } : { id: athleteId, role };
      if ((await postMessage(db, matchId, sender, body)).ok) activity.messages += 1;
    }
    return true;
  };

  if (demoAthleteId) {
    const best = await db
      .selectFrom('match_scores as ms')
      .innerJoin('coach_requests as r', 'r.id', 'ms.request_id')
      .select(['r.id as requestId', 'r.coach_id as coachId'])
      .where('ms.athlete_id', '=', demoAthleteId)
      .where('r.deleted_at', 'is', null)
      .$if(demoCoachId !== null, (q) => q.orderBy(sql`r.coach_id = ${demoCoachId}`, 'desc'))
      .orderBy('ms.score', 'desc')
      .orderBy('r.id')
      .limit(2)
      .execute();
    for (const [i, { requestId, coachId }] of best.entries()) {
      const matchId = await share(coachId, requestId, demoAthleteId);
      if (matchId && i === 0) await acceptAndTalk(matchId, coachId, demoAthleteId, DEMO_CONVERSATION);
    }
  }

  if (!demoCoachId) return activity;
  const requests = await db
    .selectFrom('coach_requests')
    .select('id')
    .where('coach_id', '=', demoCoachId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  let talked = false;
  for (const { id: requestId } of requests) {
    const top = await db
      .selectFrom('match_scores as ms')
      .select('ms.athlete_id')
      .where('ms.request_id', '=', requestId)
      .$if(demoAthleteId !== null, (q) => q.where('ms.athlete_id', '!=', demoAthleteId!))
      .orderBy(viewOrder('all'))
      .limit(DEMO_SHARES_PER_REQUEST)
      .execute();
    for (const { athlete_id } of top) {
      const matchId = await share(demoCoachId, requestId, athlete_id);
      if (matchId && !talked) talked = await acceptAndTalk(matchId, demoCoachId, athlete_id, [...DEMO_CONVERSATION, DEMO_PLAYER_ANSWER]);
    }
  }
  return activity;
}
