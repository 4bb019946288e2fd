import type { Language, MatchStatus, MatchStatusSetter, Role } from '@app/domain';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Table types of the one Postgres schema shared by api and worker (see migrations/). */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp column with a database default (optional on insert). */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, T | string, T | string>;

/** The domain's role and match status (domain/src/reference.ts); re-exported for the table types' users. */
export type { MatchStatus, MatchStatusSetter, Role };

export interface UsersTable {
  id: Generated<string>;
  role: Role;
  email: string; // stored lower-cased
  password_hash: string;
  /** The account's language (issue 19); null: never chosen. */
  language: ColumnType<Language | null, Language | null | undefined, Language | null>;
  created_at: DefaultTimestamp;
}

export interface SessionsTable {
  id_hash: string; // sha256 of the random session id, hex
  user_id: string;
  role: Role;
  created_at: DefaultTimestamp;
  last_seen_at: DefaultTimestamp;
  expires_at: Timestamp; // absolute expiry
  revoked_at: Timestamp | null;
  /** "Remember me" ticked: a 30-day cookie; otherwise a browser-session cookie and a shorter idle limit. */
  remembered: Generated<boolean>;
}

export interface VerificationCodesTable {
  id: Generated<string>;
  email: string;
  role: Role;
  /** What the code proves: an address to register with, or the right to reset a password. */
  purpose: Generated<'register' | 'reset'>;
  code_hash: string;
  attempts: Generated<number>;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

export interface AthletesTable {
  id: string; // = users.id
  email: string;
  full_name: string;
  agency: string | null;
  /** Every profile field the athlete saved (spec section 3), as validated by the domain schema. */
  profile: Json<Record<string, unknown>>;
  profile_completed: Generated<boolean>;
  gender: string | null;
  age: number | null;
  is_transfer: Generated<boolean>;
  primary_position: string | null;
  secondary_position: string | null;
  auto_accept_matches: Generated<boolean>;
  /** Bumped on every scoring-relevant write; the index keeps the version it scored. */
  version: Generated<string>;
  indexed_version: Generated<string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface CoachesTable {
  id: string; // = users.id
  email: string;
  first_name: string;
  last_name: string;
  profile: Json<Record<string, unknown>>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface AgentsTable {
  id: string; // = users.id
  email: string;
  first_name: string;
  last_name: string;
  agency: string; // unique: one agent per agency (decision A3)
  agency_url: string;
  profile_photo_url: string | null;
  created_at: DefaultTimestamp;
}

export interface CoachRequestsTable {
  id: Generated<string>;
  coach_id: string;
  /** The request as the coach submitted it (domain coachRequestSchema output). */
  data: Json<Record<string, unknown>>;
  urgent: Generated<boolean>;
  version: Generated<string>;
  indexed_version: Generated<string>;
  /** When the match index last finished this request (migration match-index). */
  indexed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: DefaultTimestamp;
  /** When the request was last edited (null until then). */
  updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deleted_at: Timestamp | null;
}

export interface MatchesTable {
  id: Generated<string>;
  request_id: string;
  athlete_id: string;
  coach_id: string;
  /** null: back in the coach's pool, never shared (a restored private decline, M7). */
  status: MatchStatus | null;
  /** Who set the current status (M6). */
  status_by: MatchStatusSetter | null;
  /** When first shared with the athlete (M8); null for a private decline. */
  shared_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  auto_resolved: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface MatchEventsTable {
  id: Generated<string>;
  match_id: string;
  from_status: MatchStatus | null;
  /** null: a restore put the player back in the pool, never shared (M7). */
  to_status: MatchStatus | null;
  actor_role: Role | 'system';
  actor_id: string | null;
  created_at: DefaultTimestamp;
}

export interface MatchScoresTable {
  request_id: string;
  athlete_id: string;
  score: number; // percent, one decimal
  sub_position: number;
  sub_academics: number;
  sub_lyfs: number;
  sub_region: number;
  sub_budget: number;
  sub_extras: number;
  position_match: 'primary' | 'secondary' | null;
  position_exact: boolean;
  highlights: Json<string[]>;
  athlete_updated_at: Timestamp;
  athlete_version: string;
  request_version: string;
  computed_at: DefaultTimestamp;
}

export interface OutboxTable {
  id: Generated<string>;
  kind: 'athlete' | 'request' | 'contact' | 'notification';
  entity_id: string;
  version: string;
  created_at: DefaultTimestamp;
  published_at: Timestamp | null;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: DefaultTimestamp;
}

export interface ImagesTable {
  id: Generated<string>;
  owner_id: string | null;
  mime: string;
  bytes: Buffer;
  /** The 96 px WebP (null for images stored before thumbnails). */
  thumbnail: Buffer | null;
  size: number;
  created_at: DefaultTimestamp;
}

export type NotificationKindColumn = 'match_shared' | 'match_answered' | 'match_confirmed' | 'message' | 'top15';

export interface NotificationEventsTable {
  id: Generated<string>;
  kind: NotificationKindColumn;
  match_id: string | null;
  request_id: string;
  athlete_id: string;
  actor_id: string | null;
  /** Kind-specific details (e.g. the new status, the message id). */
  data: ColumnType<Record<string, unknown>, Record<string, unknown> | string | undefined, Record<string, unknown> | string>;
  created_at: DefaultTimestamp;
}

export interface NotificationsTable {
  id: Generated<string>;
  seq: Generated<string>;
  event_id: string;
  user_id: string;
  kind: NotificationKindColumn;
  title: string;
  body: string;
  link: string;
  email_status: 'pending' | 'sent' | 'suppressed' | 'digest';
  emailed_at: Timestamp | null;
  created_at: DefaultTimestamp;
  read_at: Timestamp | null;
}

export interface NotificationSettingsTable {
  user_id: string;
  kind: NotificationKindColumn;
  email: boolean;
  updated_at: DefaultTimestamp;
}

export interface NotificationDigestsTable {
  request_id: string;
  day: string;
  sent_at: Timestamp | null;
}

export interface Top15EntriesTable {
  request_id: string;
  athlete_id: string;
  created_at: DefaultTimestamp;
}

export interface MessagesTable {
  id: Generated<string>;
  seq: Generated<string>;
  match_id: string;
  sender_id: string;
  sender_role: Role;
  body: string;
  created_at: DefaultTimestamp;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

/** Listed rows per request, kept by triggers on match_scores (migration 2026-11-23T16-00). */
export interface MatchRequestCountsTable {
  request_id: string;
  listed: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  athletes: AthletesTable;
  coaches: CoachesTable;
  agents: AgentsTable;
  coach_requests: CoachRequestsTable;
  matches: MatchesTable;
  match_events: MatchEventsTable;
  match_scores: MatchScoresTable;
  match_request_counts: MatchRequestCountsTable;
  outbox: OutboxTable;
  contact_messages: ContactMessagesTable;
  images: ImagesTable;
  notification_events: NotificationEventsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  notification_digests: NotificationDigestsTable;
  top15_entries: Top15EntriesTable;
  messages: MessagesTable;
  app_secrets: AppSecretsTable;
}

export type Athlete = Selectable<AthletesTable>;
export type NewAthlete = Insertable<AthletesTable>;
export type AthleteUpdate = Updateable<AthletesTable>;
export type Coach = Selectable<CoachesTable>;
export type CoachRequest = Selectable<CoachRequestsTable>;
export type Match = Selectable<MatchesTable>;
export type MatchScore = Selectable<MatchScoresTable>;
