import { MESSAGES } from './messages.ts';
import { CONVERSATION_MESSAGES } from './notifications.ts';
import { MATCH_MESSAGES } from './match.ts';
import { PAGE_CURSOR_MESSAGES } from './wire/matches.ts';
import { SAVED_VIEW_MESSAGES } from './saved-views.ts';

/**
 * Stable codes of the messages users read (issue 19). The server answers `{ message, code }`
 * (validation errors per field too); the browser shows its catalog's text for the code
 * (web/src/i18n/locales/<lang>/validation.json, keyed by these codes) and falls back to the
 * English message for a code it does not know.
 *
 * Each code has its English text as a template: `{name}` stands for a value that varies
 * ('Minimum is {min}'). The template recognises a message (an English text from a zod schema
 * or a route) and reads its values back, so the texts stay where they are written (MESSAGES,
 * the routes' constants) and this table is the one place that names them. The English catalog
 * is these templates (the catalog test compares them).
 */
export const MESSAGE_TEMPLATES = {
  // The spec's and our validation messages (domain/src/messages.ts), code = key.
  ...MESSAGES,
  minimumIs: 'Minimum is {min}',
  maximumIs: 'Maximum is {max}',
  tooLong: 'Must be {max} characters or fewer',
  tooManyEntries: 'At most {max} entries',
  termFormat: 'Use a term like Fall 2026',
  selectYesOrNo: 'Select yes or no',
  invalidValue: 'Invalid value',
  invalidRequest: 'Invalid request',

  // Contact form (domain/src/contact.ts).
  contactNameRequired: 'Please let us know who we’re speaking with',
  contactNameTooLong: 'Name must be 200 characters or fewer',
  contactEmailRequired: 'Your email helps us reply',
  contactSubjectRequired: 'Let us know why you’re reaching out',
  contactMessageRequired: 'Please include a brief message',
  contactMessageTooLong: 'Message must be 5000 characters or fewer',

  // Lists (domain/src/list-tools.ts).
  searchTooLong: 'Search is at most {max} characters',
  searchCharacters: 'Search by name: letters, spaces, apostrophes, hyphens and dots only',
  enterNationality: 'Enter a nationality',
  minimumGpaRange: 'Minimum GPA is a number from 0 to 4',

  // Saved views (domain/src/saved-views.ts).
  savedViewNameRequired: SAVED_VIEW_MESSAGES.nameRequired,
  savedViewNothingToSave: SAVED_VIEW_MESSAGES.nothingToSave,
  savedViewUnknownSetting: SAVED_VIEW_MESSAGES.unknownParameter,
  savedViewTooMany: SAVED_VIEW_MESSAGES.tooMany,
  savedViewNotFound: SAVED_VIEW_MESSAGES.notFound,
  savedViewNameTaken: SAVED_VIEW_MESSAGES.nameTaken,
  savedViewTooLong: SAVED_VIEW_MESSAGES.tooLong,
  unknownView: SAVED_VIEW_MESSAGES.unknownView,

  // A ranked list's pages (domain/src/wire/matches.ts).
  listCursorInvalid: PAGE_CURSOR_MESSAGES.invalid,
  listCursorOtherView: PAGE_CURSOR_MESSAGES.otherView,
  listCursorWithOffset: PAGE_CURSOR_MESSAGES.withOffset,

  // Accounts and sign-in (domain/src/auth.ts, api/src/auth/*, api/src/routes/auth.ts).
  tokenInvalid: 'Token invalid',
  signInRequired: 'Please sign in to continue.',
  invalidLogin: 'Invalid email or password',
  otherRoleLogin: 'This is {article} account: sign in at the {role} login',
  agencyEmail: 'Use your {agency} email address ({domains}).',
  agencyTaken: '{agency} is already registered. Each agency may have only one agent profile.',
  codeMissing: 'Request a verification code first.',
  codeExpired: 'This verification code has expired. Request a new one.',
  codeTooManyAttempts: 'Too many incorrect attempts. Request a new verification code.',
  codeSendFailed: 'Unable to send verification code.',
  codeWrong: 'That verification code is not correct. {count} {unit} left.',
  codeResendWait: 'Please wait {count} {unit} before requesting a new code.',
  loginBlocked: 'Too many incorrect sign-in attempts from this device. Please wait 15 minutes, or reset your password.',
  insightsInvalidCredentials: 'Invalid insights username or password.',

  // Access and lookups (api/src/lib/http-errors.ts, the routes' not-found texts).
  forbidden: 'You do not have access to this resource',
  crossSite: 'Cross-site requests are not allowed.',
  notFound: 'Not found',
  profileNotFound: 'Profile not found',
  coachNotFound: 'Coach profile not found',
  agentNotFound: 'Agent profile not found',
  requestNotFound: 'Request not found',
  athleteNotFound: 'Athlete not found',
  matchNotFound: 'Match not found',
  conversationNotFound: 'Conversation not found',
  imageNotFound: 'Image not found',

  // Matches (domain/src/match.ts).
  matchAlreadyMatched: MATCH_MESSAGES.alreadyMatched,
  matchAlreadyHidden: MATCH_MESSAGES.alreadyHidden,
  matchAlreadyPending: MATCH_MESSAGES.alreadyPending,
  matchRestoreFirst: MATCH_MESSAGES.restoreFirst,
  matchNoBackToPending: MATCH_MESSAGES.noBackToPending,
  matchNotShared: MATCH_MESSAGES.notShared,
  matchAlreadyResponded: MATCH_MESSAGES.alreadyResponded,
  matchAthleteDeclined: MATCH_MESSAGES.athleteDeclined,
  matchAthleteAccepted: MATCH_MESSAGES.athleteAccepted,

  // Notifications and conversations (domain/src/notifications.ts, api/src/routes/notifications.ts).
  unsubscribeBadToken: 'This unsubscribe link is not valid.',
  kindNotForRole: 'This notification kind does not apply to your account.',
  tooManyStreams: 'Too many open live connections. Close another tab and try again.',
  messageEmpty: CONVERSATION_MESSAGES.empty,
  messageTooLong: CONVERSATION_MESSAGES.tooLong,
  conversationNotOpen: CONVERSATION_MESSAGES.notAccepted,
  messageRateLimited: CONVERSATION_MESSAGES.rateLimited,

  // Confirmations the server answers with (shown as toasts and notices).
  codeSent: 'Verification code sent!',
  passwordResetCodeSent: 'Check your email: we sent you a message with a code to reset your password.',
  passwordResetDone: 'Your password has been reset. Sign in with your new password.',
  passwordChanged: 'Your password has been changed. You stay signed in here; your other devices were signed out.',
  currentPasswordWrong: 'Your current password is not correct',
  emailChangeCodeSent: 'Check your new email: we sent it a code to confirm the change.',
  emailChangeSame: 'This is already your email',
  emailChanged: 'Your email has been changed. Sign in with your new address from now on.',
  accountDeleted: 'Your account has been deleted.',
  otherSessionsEnded: 'You are now signed out on every other device.',
  registered: 'Registration successful!',
  signedIn: 'Signed in successfully!',
  signedOut: 'Signed Out!',
  contactThanks: 'Thanks for reaching out! We’ll respond soon.',

  // The web app's messages when a call fails without an answer (spec section 8 fallbacks).
  fallbackAgencyOptions: 'Unable to fetch agency options',
  fallbackAgentDashboard: 'Unable to fetch agent dashboard',
  fallbackAgentRegister: 'Unable to register agent.',
  fallbackContactError: 'We couldn’t deliver your message. Please try again.',
  fallbackContactSend: 'Something went wrong while sending your message.',
  fallbackCreateMatch: 'Unable to create match',
  fallbackCreateRequest: 'Unable to create request',
  fallbackDeleteRequest: 'Unable to delete request',
  fallbackFetchAthlete: 'Unable to fetch athlete',
  fallbackFetchMatches: 'Unable to fetch matches',
  fallbackFetchMessages: 'Unable to load this conversation',
  fallbackFetchNotifications: 'Unable to load your notifications',
  fallbackFetchProfile: 'Unable to fetch profile',
  fallbackFetchRequests: 'Unable to fetch requests',
  fallbackFetchSettings: 'Unable to load your notification settings',
  fallbackInsights: 'Unable to fetch internal metrics.',
  fallbackMarkRead: 'Unable to mark notifications as read',
  fallbackRefresh: 'Unable to refresh data.',
  fallbackReset: 'Unable to reset your password. Please try again.',
  fallbackChangePassword: 'Unable to change your password. Please try again.',
  fallbackChangeEmail: 'Unable to change your email. Please try again.',
  fallbackFetchNote: 'Unable to load your note',
  fallbackSaveNote: 'Unable to save your note',
  fallbackSavedViews: 'Unable to load your saved views',
  fallbackSaveView: 'Unable to save this view',
  fallbackDeleteView: 'Unable to delete this view',
  fallbackRenameView: 'Unable to rename this view',
  fallbackDeleteAccount: 'Unable to delete your account. Please try again.',
  fallbackEndOtherSessions: 'Unable to sign out your other devices. Please try again.',
  fallbackRoster: 'Unable to fetch your roster',
  fallbackSaveSettings: 'Unable to save your notification settings',
  fallbackSendMessage: 'Unable to send your message',
  fallbackSignIn: 'Unable to authenticate.',
  fallbackUnsubscribe: 'We couldn’t turn these emails off. Please try again.',
  fallbackUpdateCoachProfile: 'Unable to update coach profile',
  fallbackUpdateMatch: 'Unable to update match',
  fallbackUpdateProfile: 'Unable to update profile',
  fallbackUpdateRequest: 'Unable to save the request',
  fallbackSignOut: 'Error during sign out',
  fallbackExplainScore: 'Unable to explain this score',
  fallbackSearchAthletes: 'Unable to search athletes',
  fallbackCountFilters: 'Unable to count the filters',

  // Requests the server could not take (api/src/app.ts).
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  requestTooLarge: 'The request is too large.',
  unsupportedContentType: 'Unsupported content type.',
  unreadableRequest: 'The request could not be read.',
  serverError: 'Something went wrong on our side. Please try again.',
} as const;

export type MessageCode = keyof typeof MESSAGE_TEMPLATES;
export type MessageValues = Record<string, string | number>;
export interface CodedMessage {
  code: MessageCode;
  /** The values of the template's placeholders, numbers as numbers (for plurals). */
  values?: MessageValues;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const exact = new Map<string, MessageCode>();
const patterns: Array<{ code: MessageCode; names: string[]; pattern: RegExp }> = [];
for (const [code, template] of Object.entries(MESSAGE_TEMPLATES) as Array<[MessageCode, string]>) {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (names.length === 0) {
    // Two codes for one text would make the code of a message ambiguous (checked by a test).
    if (!exact.has(template)) exact.set(template, code);
    continue;
  }
  const source = template
    .split(/\{\w+\}/)
    .map(escapeRegExp)
    .join('(.+?)');
  patterns.push({ code, names, pattern: new RegExp(`^${source}$`, 's') });
}

/** The code (and values) of an English message, or undefined for a text this table does not know. */
export function messageCode(message: string): CodedMessage | undefined {
  const code = exact.get(message);
  if (code) return { code };
  for (const { code, names, pattern } of patterns) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: MessageValues = {};
    names.forEach((name, i) => {
      const value = match[i + 1];
      values[name] = /^-?\d+(\.\d+)?$/.test(value) && !/^-?0\d/.test(value) && !/\.\d*0$/.test(value) ? Number(value) : value;
    });
    return { code, values };
  }
  return undefined;
}
