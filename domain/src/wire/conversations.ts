// Notifications and conversations as the API answers them (decisions N1-N3, M9). The request
// schemas and the notification item live in ../notifications.ts.
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../notifications.ts';
import { isoDateTime, roleSchema } from './common.ts';

/** GET/PUT /api/notification-settings: one switch per kind the role receives. */
export const notificationSettingsAnswerSchema = z.object({ email: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()) });

/** GET/POST /api/notifications/unsubscribe: which switch the token turns off, and whether it is off. */
export const unsubscribeInfoSchema = z
  .object({ kind: z.enum(NOTIFICATION_KINDS), label: z.string(), email: z.string(), unsubscribed: z.boolean() })
  .meta({ id: 'UnsubscribeInfo' });
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;

export const conversationParticipantSchema = z.object({ role: roleSchema, name: z.string() });
export type ConversationParticipant = z.infer<typeof conversationParticipantSchema>;

/** POST /api/matches/{id}/messages answers the new message (201). */
export const conversationMessageSchema = z
  .object({ id: z.string(), sender: conversationParticipantSchema, body: z.string(), createdAt: isoDateTime() })
  .meta({ id: 'ConversationMessage' });
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** The match's request and program, so two threads with one coach read apart. */
export const conversationAboutSchema = z.object({ programName: z.string().nullable(), positions: z.array(z.string()), teamCategories: z.array(z.string()) });
export type ConversationAbout = z.infer<typeof conversationAboutSchema>;

/** GET /api/matches/{id}/messages; messages oldest first, at most MESSAGE_PAGE_SIZE. */
export const conversationThreadSchema = z
  .object({
    participants: z.array(conversationParticipantSchema),
    about: conversationAboutSchema,
    messages: z.array(conversationMessageSchema),
    /** More, older messages exist (ask with ?before=<first message id>). */
    hasMore: z.boolean(),
    canSend: z.boolean(),
    cannotSendReason: z.string().optional(),
    /** How many of the newest messages are new to the reader (their unread message notifications of the thread). */
    unread: z.number().int().min(0),
  })
  .meta({ id: 'ConversationThread' });
export type ConversationThread = z.infer<typeof conversationThreadSchema>;

/** A thread in the user's list: what it is about, who is in it, its latest message (the first 200 characters). */
export const conversationSummarySchema = z.object({
  matchId: z.string(),
  about: conversationAboutSchema,
  participants: z.array(conversationParticipantSchema),
  lastMessage: conversationMessageSchema,
  canSend: z.boolean(),
  /** How many of its messages are new to the reader (their unread message notifications of the thread). */
  unread: z.number().int().min(0),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** GET /api/conversations: a page of the user's threads that hold a message, the most recently active first (at most 50). */
export const conversationListSchema = z
  .object({
    conversations: z.array(conversationSummarySchema),
    /** Threads active earlier exist (ask with ?before=<the last thread's lastMessage.id>). */
    hasMore: z.boolean(),
  })
  .meta({ id: 'ConversationList' });
export type ConversationList = z.infer<typeof conversationListSchema>;

/**
 * GET /api/conversations/unread: the user's threads with messages new to them and how many each
 * (their unread message notifications by match), the most recently notified first, at most 200.
 * What marks a match card's way into its thread.
 */
export const unreadThreadsSchema = z
  .object({ threads: z.array(z.object({ matchId: z.string(), unread: z.number().int().min(1) })) })
  .meta({ id: 'UnreadThreads' });
export type UnreadThreads = z.infer<typeof unreadThreadsSchema>;

/** GET /api/events: a text/event-stream (events `notification`, `match`, `ranked-list`; see LiveEventData). */
export const eventStreamSchema = z.string().describe('Server-sent events: `notification`, `match` and `ranked-list`, each with an id for Last-Event-ID');
