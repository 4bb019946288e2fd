import { NOTIFICATION_KINDS, validGpa } from '@app/domain';
import { sql } from 'kysely';
import { athleteGpa, athleteJson, athleteText, coachText } from './profile-sql.ts';
import type { Db } from './result.ts';

/** The internal insights console's figures (spec section 2 and 9; issue 17 for notifications). */

const num = (value: unknown) => Number(value ?? 0);
const textList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Totals, distributions, notifications by kind and messages per day over the last `messageDays` days (today included). */
export async function insightsStats(db: Db, messageDays: number) {
  const [totals, leagues, regions, notificationCounts, days] = await Promise.all([
    sql<{ athletes: string; coaches: string; requests: string; average_gpa: number | null }>`
      select
        (select count(*) from athletes) as athletes,
        (select count(*) from coaches) as coaches,
        (select count(*) from coach_requests where deleted_at is null) as requests,
        (select round(avg(${athleteGpa('athletes')})::numeric, 2)::float8 from athletes) as average_gpa
    `.execute(db),
    sql<{ _id: string; count: string }>`
      select coalesce(nullif(${athleteText('leagueLevelLabel', 'athletes')}, ''), 'Not specified') as _id, count(*) as count
      from athletes group by 1 order by count(*) desc, 1
    `.execute(db),
    sql<{ _id: string; count: string }>`
      select region as _id, count(*) as count
      from athletes
      cross join lateral jsonb_array_elements_text(
        case when jsonb_typeof(${athleteJson('preferredUsRegions', 'athletes')}) = 'array' then ${athleteJson('preferredUsRegions', 'athletes')} else '[]'::jsonb end
      ) as region
      group by 1 order by count(*) desc, 1
    `.execute(db),
    // Notifications by kind (in-app, emails sent, emails not sent because the kind is off).
    sql<{ kind: string; in_app: string; emails: string; suppressed: string }>`
      select kind, count(*) as in_app,
        count(*) filter (where email_status = 'sent') as emails,
        count(*) filter (where email_status = 'suppressed') as suppressed
      from notifications group by kind
    `.execute(db),
    sql<{ day: string; count: string }>`
      select to_char(d.day, 'YYYY-MM-DD') as day, count(m.id) as count
      from generate_series((now() at time zone 'utc')::date - ${messageDays - 1}::int, (now() at time zone 'utc')::date, interval '1 day') as d(day)
      left join messages m on (m.created_at at time zone 'utc')::date = d.day::date
      group by d.day order by d.day
    `.execute(db),
  ]);
  const t = totals.rows[0];
  const byKind = new Map(notificationCounts.rows.map((r) => [r.kind, r]));
  return {
    summary: {
      totalAthletes: num(t.athletes),
      totalCoaches: num(t.coaches),
      totalRequests: num(t.requests),
      averageGpa: t.average_gpa === null ? null : Number(t.average_gpa),
    },
    leagueDistribution: leagues.rows.map((r) => ({ _id: r._id, count: num(r.count) })),
    regionPreferences: regions.rows.map((r) => ({ _id: r._id, count: num(r.count) })),
    notifications: {
      sentByKind: NOTIFICATION_KINDS.map((kind) => ({ kind, inApp: num(byKind.get(kind)?.in_app), emails: num(byKind.get(kind)?.emails) })),
      emailsSuppressed: notificationCounts.rows.reduce((sum, r) => sum + num(r.suppressed), 0),
      messagesPerDay: days.rows.map((r) => ({ day: r.day, count: num(r.count) })),
    },
  };
}

/** The `limit` newest athletes. */
export async function recentAthletes(db: Db, limit: number) {
  const rows = await db
    .selectFrom('athletes')
    .select(['id', 'full_name', 'agency', 'primary_position', 'profile_completed', 'created_at', 'profile'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const p = r.profile;
    return {
      id: r.id,
      fullName: r.full_name,
      nationality: typeof p.nationality === 'string' ? p.nationality : null,
      primaryPosition: r.primary_position,
      leagueLevelLabel: typeof p.leagueLevelLabel === 'string' ? p.leagueLevelLabel : null,
      gpa: validGpa(p.gpa),
      agency: r.agency,
      profileCompleted: r.profile_completed,
      createdAt: new Date(r.created_at).toISOString(),
    };
  });
}

/** The `limit` newest live requests, with their program. */
export async function recentRequests(db: Db, limit: number) {
  const rows = await db
    .selectFrom('coach_requests as r')
    .innerJoin('coaches as c', 'c.id', 'r.coach_id')
    .select([
      'r.id',
      'r.data',
      'r.urgent',
      'r.created_at',
      'c.first_name',
      'c.last_name',
      coachText('programName').as('program_name'),
      coachText('division').as('division'),
    ])
    .where('r.deleted_at', 'is', null)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const d = r.data;
    return {
      id: r.id,
      createdAt: new Date(r.created_at).toISOString(),
      urgent: r.urgent,
      positions: textList(d.positions),
      teamCategories: textList(d.teamCategories),
      targetStartTerms: textList(d.targetStartTerms),
      estimatedBudget: typeof d.estimatedBudget === 'string' ? d.estimatedBudget : '',
      programName: r.program_name,
      division: r.division,
      coachName: `${r.first_name} ${r.last_name}`.trim(),
    };
  });
}
