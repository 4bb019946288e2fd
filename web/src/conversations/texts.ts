import { requestName, type ConversationAbout, type ConversationParticipant } from '@app/domain';
import type { Role } from '../auth/api.ts';
import { i18n } from '../i18n/index.ts';
import { currentLanguage } from '../i18n/language.ts';

/** Where each role's matches are (a conversation belongs to one): the agent's hub view of the dashboard. */
export const MATCHES_PAGE: Record<Role, string> = { coach: '/coach-requests', athlete: '/athlete-matches', agent: '/agent-dashboard?view=hub' };

/** The `conversations` catalog's texts, outside a component. */
const t = (key: string, values: Record<string, string> = {}) => i18n.t(key, { ns: 'conversations', ...values });

const ROLE_WORD_IN_LIST: Record<Role, string> = { coach: 'participants.coach', athlete: 'participants.athlete', agent: 'participants.agent' };

/** "Dana Reyes (coach), Ana Gil (agent)": the people of a thread. */
export function participantsText(participants: readonly ConversationParticipant[]): string {
  return participants.map((p) => t(ROLE_WORD_IN_LIST[p.role], { name: p.name })).join(', ');
}

/** Which request a thread is about (a coach may talk with one athlete about two requests), as `role` reads it. */
export function aboutText(about: ConversationAbout, participants: readonly ConversationParticipant[], role: Role | undefined): string {
  const request = requestName(currentLanguage(), about, t('thread.anyPosition'));
  if (role === 'coach') return t('thread.aboutOwn', { request });
  const program = about.programName ?? participants.find((p) => p.role === 'coach')?.name ?? '';
  return t('thread.about', { request, program });
}
