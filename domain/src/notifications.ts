// Notifications, live events and conversations (decisions N1-N3, M9): the wire contract shared
// by the API, the worker and the SPA.
import { z } from 'zod';
import { searchTextSchema, yesNo } from './list-tools.ts';
import type { MatchStatus, Role } from './reference.ts';

/** Ids are Postgres uuids: any 8-4-4-4-12 hex string (not only RFC version 4). */
const idField = () => z.guid({ error: 'Invalid id' });

/**
 * What a notification announces (N1). Each kind is also one email switch in the settings.
 * - match_shared: a coach shared a match (athlete, agent)
 * - match_answered: the athlete accepted or declined (coach, agent)
 * - match_confirmed: the coach confirmed a pending match (athlete, agent)
 * - message: a new message in a match's conversation (the other participants)
 * - top15: an athlete newly entered one of the coach's requests' top 15 (coach; email as a daily digest)
 */
export const NOTIFICATION_KINDS = ['match_shared', 'match_answered', 'match_confirmed', 'message', 'top15'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds each role can receive, so the settings page shows one switch per kind that applies. */
export const NOTIFICATION_KINDS_BY_ROLE: Record<Role, readonly NotificationKind[]> = {
  athlete: ['match_shared', 'match_confirmed', 'message'],
  coach: ['match_answered', 'message', 'top15'],
  agent: ['match_shared', 'match_answered', 'match_confirmed', 'message'],
};

/** The label of each email switch on the settings page and in the unsubscribe confirmation. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  match_shared: 'A coach shares a match',
  match_answered: 'An athlete accepts or declines a match',
  match_confirmed: 'A coach confirms a match',
  message: 'New messages in a conversation',
  top15: 'Daily digest: athletes new in a request’s top 15',
};

/** SPA paths the notifications link to (one home, used by the worker's emails and the SPA). */
export const NOTIFICATION_PATHS = {
  notifications: '/notifications',
  settings: '/notification-settings',
  unsubscribe: '/unsubscribe',
  conversations: '/messages',
  thread: (matchId: string) => `/messages/${matchId}`,
  athleteMatches: '/athlete-matches',
  agentDashboard: '/agent-dashboard',
  coachRequest: (requestId: string) => `/coach-requests?request=${requestId}`,
} as const;

/** One notification as the API returns it. `link` is an SPA path ("/messages/<matchId>"). */
export const notificationItemSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** GET /api/notifications response. */
export const notificationListSchema = z.object({ unread: z.number().int().min(0), items: z.array(notificationItemSchema) });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const NOTIFICATION_PAGE_DEFAULT = 20;
export const NOTIFICATION_PAGE_MAX = 100;

/** GET /api/notifications?limit=&before= (before: an item's id; the page holds older items). */
export const notificationListQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a whole number from 1 to 100')
    .max(NOTIFICATION_PAGE_MAX, 'limit must be a whole number from 1 to 100')
    .default(NOTIFICATION_PAGE_DEFAULT),
  before: idField().optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** POST /api/notifications/read body: some ids, or all. Response: { unread }. */
export const notificationReadSchema = z.union(
  [
    z.strictObject({ ids: z.array(idField()).min(1, 'Choose at least one notification').max(200, 'At most 200 at a time') }),
    // A thread's new-message notifications, once its reader has seen them (a match id).
    z.strictObject({ thread: idField() }),
    z.strictObject({ all: z.literal(true) }),
  ],
  { error: 'Send { ids: [...] }, { thread } or { all: true }' },
);
export type NotificationRead = z.infer<typeof notificationReadSchema>;
export const notificationUnreadSchema = z.object({ unread: z.number().int().min(0) });

/**
 * GET/PUT /api/notification-settings: { email: { [kind]: boolean } }, one key per kind the role
 * receives (NOTIFICATION_KINDS_BY_ROLE). A PUT may send some of them; the response is the whole map.
 */
export const notificationSettingsSchema = z.strictObject({
  email: z.partialRecord(z.enum(NOTIFICATION_KINDS, { error: 'Unknown notification kind' }), z.boolean({ error: 'Each switch must be true or false' })),
});
export type NotificationSettings = { email: Partial<Record<NotificationKind, boolean>> };

// ---- Live events (GET /api/events, text/event-stream) ----

/** SSE event names. Each event has an `id:` for Last-Event-ID resume; `: hb` comments are heartbeats. */
export const LIVE_EVENT_NAMES = ['notification', 'match', 'ranked-list'] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

export interface LiveNotificationEvent {
  notification: NotificationItem;
  unread: number;
}
export interface LiveMatchEvent {
  matchId: string;
  requestId: string;
  status: MatchStatus;
}
export interface LiveRankedListEvent {
  requestId: string;
  state: 'ready' | 'changed';
}
export type LiveEventData = { notification: LiveNotificationEvent; match: LiveMatchEvent; 'ranked-list': LiveRankedListEvent };

// ---- Conversations (M9) ----

export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGES_PER_SENDER_PER_DAY = 20;

export const CONVERSATION_MESSAGES = {
  empty: 'Write a message before sending.',
  tooLong: `Messages can be up to ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  notAccepted: 'The conversation opens once the match is accepted.',
  rateLimited: `You can send up to ${MESSAGES_PER_SENDER_PER_DAY} messages a day in this conversation. Please try again tomorrow.`,
} as const;

/** POST /api/matches/:id/messages body. Plain text, trimmed, 1..2000 characters. */
export const messageCreateSchema = z.strictObject({
  body: z.string({ error: CONVERSATION_MESSAGES.empty }).trim().min(1, CONVERSATION_MESSAGES.empty).max(MESSAGE_MAX_LENGTH, CONVERSATION_MESSAGES.tooLong),
});
export type MessageCreate = z.infer<typeof messageCreateSchema>;

/** GET /api/matches/:id/messages?before= (before: a message id; the page holds older messages). */
export const messageListQuerySchema = z.strictObject({ before: idField().optional() });

/**
 * GET /api/conversations?before=&q=&unread= (before: the latest message of the last thread shown;
 * the page holds threads active earlier). `q` finds threads by a participant's name or the
 * program's; `unread=yes` keeps the threads with messages new to the reader.
 */
export const conversationListQuerySchema = z.strictObject({
  before: idField().optional(),
  q: searchTextSchema.optional(),
  unread: yesNo('Unread').optional(),
});

export const MESSAGE_PAGE_SIZE = 50;
