import type { Language } from '@app/domain';
import type { NotificationKindColumn, Role } from './db/schema.ts';

/**
 * Every text of the mails the product sends, in both languages (issue 19): account mails
 * (verification and reset codes, the notes sent instead of a code, api/src/auth/codes.ts) and
 * notifications (in-app and email, worker/src/notifications). A mail goes out in its recipient's
 * language: the account's, else the language of the request that asked for it.
 */

/** Who and what a notification is about, as the texts name them. */
export interface NotificationNames {
  athleteName: string;
  /** "Coach Jane Doe (Lakeside University)", or the coach's name alone without a program. */
  coachLabel: string;
  /** The program's name, else the coach's. */
  programOrCoach: string;
  /** The request, as its list names it: "Center Back (Men's Team)" (positions, team categories). */
  request: string;
  /** A message's sender, as the recipient knows them. */
  senderName?: string;
  /**
   * Whom the message's thread is with, when the sender is not that side (a coach's and an
   * agent's threads are with athletes, an athlete's with programs): an agent writes to many.
   */
  messageAbout?: string;
}

export interface MailTexts {
  roleName: Record<Role, string>;
  verification: (code: string) => { subject: string; lines: string[] };
  accountExists: (role: Role, loginLink: string) => { subject: string; lines: string[] };
  passwordReset: (code: string) => { subject: string; lines: string[] };
  noAccountReset: (role: Role, loginLink: string) => { subject: string; lines: string[] };
  /** To the new address a signed-in user asked to use: its code. */
  emailChangeCode: (code: string) => { subject: string; lines: string[] };
  /** Sent instead of that code when the new address already has an account of the role (A8). */
  emailInUse: (role: Role, loginLink: string) => { subject: string; lines: string[] };
  /** To the old address once the change is made, so the owner learns of a change they did not make. */
  emailChanged: (role: Role, newEmail: string, contactLink: string) => { subject: string; lines: string[] };
  /** To the address of an account just deleted. */
  accountDeleted: (role: Role, contactLink: string) => { subject: string; lines: string[] };
  notification: {
    sharedAutoAccepted: { athlete: (n: NotificationNames) => [string, string]; other: (n: NotificationNames) => [string, string] };
    shared: { athlete: (n: NotificationNames) => [string, string]; other: (n: NotificationNames) => [string, string] };
    answered: { coach: (n: NotificationNames, accepted: boolean) => [string, string]; other: (n: NotificationNames, accepted: boolean) => [string, string] };
    confirmed: { athlete: (n: NotificationNames) => [string, string]; other: (n: NotificationNames) => [string, string] };
    message: (n: NotificationNames) => string;
    top15: (n: NotificationNames) => [string, string];
    top15Digest: (names: string[], request: string) => { heading: string; intro: string };
    /** A request's name when it has no position (never saved so: the request form requires one). */
    anyPosition: string;
  };
  email: {
    open: string;
    openConversation: string;
    seeRankedList: string;
    kindLabel: Record<NotificationKindColumn, string>;
    /** The footer line before the unsubscribe link. */
    reason: (kind: NotificationKindColumn) => string;
    unsubscribe: string;
  };
}

const en: MailTexts = {
  roleName: { athlete: 'player', coach: 'coach', agent: 'agent' },
  verification: (code) => ({
    subject: 'Your verification code',
    lines: [
      `Your verification code is ${code}.`,
      '',
      'Enter it on the registration page to create your account. It expires in 10 minutes.',
      'If you did not ask for this code, you can ignore this email.',
    ],
  }),
  accountExists: (role, link) => ({
    subject: 'You already have an account',
    lines: [
      `Someone (hopefully you) tried to create a ${en.roleName[role]} account with this email, but you already have one.`,
      '',
      `Sign in here: ${link}`,
      'Forgot your password? Use "Forgot password?" on that page to set a new one.',
      'If this was not you, you can ignore this email: nothing has changed.',
    ],
  }),
  passwordReset: (code) => ({
    subject: 'Your password reset code',
    lines: [
      `Your password reset code is ${code}.`,
      '',
      'Enter it on the password reset page with your new password. It expires in 10 minutes.',
      'If you did not ask to reset your password, you can ignore this email: your password stays as it is.',
    ],
  }),
  noAccountReset: (role, link) => ({
    subject: 'Password reset requested',
    lines: [
      `Someone (hopefully you) asked to reset the password of a ${en.roleName[role]} account with this email, but there is no such account.`,
      '',
      'You may have signed up with another email, or for another role.',
      `Create an account or sign in here: ${link}`,
      'If this was not you, you can ignore this email.',
    ],
  }),
  emailChangeCode: (code) => ({
    subject: 'Confirm your new email',
    lines: [
      `Your verification code is ${code}.`,
      '',
      'Enter it on the "Change email" page to sign in with this address from now on. It expires in 10 minutes.',
      'If you did not ask for this code, you can ignore this email: nothing changes.',
    ],
  }),
  emailInUse: (role, link) => ({
    subject: 'This email already has an account',
    lines: [
      `Someone (hopefully you) asked to move another ${en.roleName[role]} account to this email, but this email already has one.`,
      '',
      `Sign in here: ${link}`,
      'If this was not you, you can ignore this email: nothing has changed.',
    ],
  }),
  emailChanged: (role, newEmail, link) => ({
    subject: 'Your sign-in email was changed',
    lines: [
      `The email of your ${en.roleName[role]} account was changed to ${newEmail}. Sign in with that address from now on.`,
      '',
      `If you did not make this change, contact us at once: ${link}`,
    ],
  }),
  accountDeleted: (role, link) => ({
    subject: 'Your account was deleted',
    lines: [
      `Your ${en.roleName[role]} account was deleted, as asked from your account with its password: your profile, your matches and their conversations, and your notifications are gone.`,
      '',
      `If you did not ask for this, contact us at once: ${link}`,
    ],
  }),
  notification: {
    sharedAutoAccepted: {
      athlete: (n) => [
        `${n.programOrCoach} matched with you`,
        `${n.coachLabel} shared a match for their ${n.request} request, accepted automatically (auto-accept is on). You can now message each other.`,
      ],
      other: (n) => [
        `${n.athleteName} has a new match`,
        `${n.coachLabel} shared a match with ${n.athleteName} for their ${n.request} request, accepted automatically.`,
      ],
    },
    shared: {
      athlete: (n) => [
        `${n.programOrCoach} shared a match with you`,
        `${n.coachLabel} is interested in you for their ${n.request} request. Accept or decline the match.`,
      ],
      other: (n) => [`${n.athleteName} has a new match`, `${n.coachLabel} shared a match with ${n.athleteName} for their ${n.request} request.`],
    },
    answered: {
      coach: (n, accepted) =>
        accepted
          ? [`${n.athleteName} accepted your match`, `${n.athleteName} accepted your match for the ${n.request} request. You can now message each other.`]
          : [`${n.athleteName} declined your match`, `${n.athleteName} declined your match for the ${n.request} request.`],
      other: (n, accepted) => {
        const verb = accepted ? 'accepted' : 'declined';
        return [`${n.athleteName} ${verb} a match`, `${n.athleteName} ${verb} the match with ${n.coachLabel} for their ${n.request} request.`];
      },
    },
    confirmed: {
      athlete: (n) => [
        `${n.programOrCoach} confirmed your match`,
        `${n.coachLabel} confirmed the match for their ${n.request} request. You can now message each other.`,
      ],
      other: (n) => [`${n.athleteName}'s match is confirmed`, `${n.coachLabel} confirmed the match with ${n.athleteName} for their ${n.request} request.`],
    },
    message: (n) => `New message from ${n.senderName}${n.messageAbout ? ` about ${n.messageAbout}` : ''}`,
    top15: (n) => [`${n.athleteName} entered your top 15`, `${n.athleteName} is now among the 15 best matches of your ${n.request} request.`],
    top15Digest: (names, request) => ({
      heading: names.length === 1 ? `${names[0]} entered your top 15` : `${names.length} athletes entered your top 15`,
      intro: `New among the 15 best matches of your ${request} request:`,
    }),
    anyPosition: 'Any position',
  },
  email: {
    open: 'Open',
    openConversation: 'Open the conversation',
    seeRankedList: 'See the ranked list',
    kindLabel: {
      match_shared: 'shared matches',
      match_answered: 'match answers',
      match_confirmed: 'confirmed matches',
      message: 'new messages',
      top15: 'the daily top 15 digest',
    },
    reason: (kind) => `You receive this because email for ${en.email.kindLabel[kind]} is on.`,
    unsubscribe: 'Unsubscribe',
  },
};

const es: MailTexts = {
  roleName: { athlete: 'jugador', coach: 'entrenador', agent: 'agente' },
  verification: (code) => ({
    subject: 'Tu código de verificación',
    lines: [
      `Tu código de verificación es ${code}.`,
      '',
      'Introdúcelo en la página de registro para crear tu cuenta. Caduca en 10 minutos.',
      'Si no has pedido este código, puedes ignorar este correo.',
    ],
  }),
  accountExists: (role, link) => ({
    subject: 'Ya tienes una cuenta',
    lines: [
      `Alguien (esperamos que tú) ha intentado crear una cuenta de ${es.roleName[role]} con este correo, pero ya tienes una.`,
      '',
      `Inicia sesión aquí: ${link}`,
      '¿Has olvidado tu contraseña? Usa «¿Has olvidado tu contraseña?» en esa página para crear una nueva.',
      'Si no has sido tú, puedes ignorar este correo: no ha cambiado nada.',
    ],
  }),
  passwordReset: (code) => ({
    subject: 'Tu código para restablecer la contraseña',
    lines: [
      `Tu código para restablecer la contraseña es ${code}.`,
      '',
      'Introdúcelo en la página de restablecimiento junto con tu nueva contraseña. Caduca en 10 minutos.',
      'Si no has pedido restablecer tu contraseña, puedes ignorar este correo: tu contraseña sigue igual.',
    ],
  }),
  noAccountReset: (role, link) => ({
    subject: 'Solicitud de restablecimiento de contraseña',
    lines: [
      `Alguien (esperamos que tú) ha pedido restablecer la contraseña de una cuenta de ${es.roleName[role]} con este correo, pero no existe ninguna cuenta así.`,
      '',
      'Puede que te registraras con otro correo o con otro perfil.',
      `Crea una cuenta o inicia sesión aquí: ${link}`,
      'Si no has sido tú, puedes ignorar este correo.',
    ],
  }),
  emailChangeCode: (code) => ({
    subject: 'Confirma tu nuevo correo',
    lines: [
      `Tu código de verificación es ${code}.`,
      '',
      'Introdúcelo en la página «Cambiar correo» para iniciar sesión con esta dirección a partir de ahora. Caduca en 10 minutos.',
      'Si no has pedido este código, puedes ignorar este correo: no cambia nada.',
    ],
  }),
  emailInUse: (role, link) => ({
    subject: 'Este correo ya tiene una cuenta',
    lines: [
      `Alguien (esperamos que tú) ha pedido pasar otra cuenta de ${es.roleName[role]} a este correo, pero este correo ya tiene una.`,
      '',
      `Inicia sesión aquí: ${link}`,
      'Si no has sido tú, puedes ignorar este correo: no ha cambiado nada.',
    ],
  }),
  emailChanged: (role, newEmail, link) => ({
    subject: 'Se ha cambiado tu correo de acceso',
    lines: [
      `El correo de tu cuenta de ${es.roleName[role]} se ha cambiado a ${newEmail}. A partir de ahora, inicia sesión con esa dirección.`,
      '',
      `Si no has hecho este cambio, escríbenos cuanto antes: ${link}`,
    ],
  }),
  accountDeleted: (role, link) => ({
    subject: 'Se ha eliminado tu cuenta',
    lines: [
      `Se ha eliminado tu cuenta de ${es.roleName[role]}, como se pidió desde tu cuenta con su contraseña: tu perfil, tus matches y sus conversaciones, y tus notificaciones ya no están.`,
      '',
      `Si no lo has pedido tú, escríbenos cuanto antes: ${link}`,
    ],
  }),
  notification: {
    sharedAutoAccepted: {
      athlete: (n) => [
        `${n.programOrCoach} ha hecho match contigo`,
        `${n.coachLabel} ha compartido un match para su solicitud de ${n.request}, aceptado automáticamente (tienes activada la aceptación automática). Ya podéis escribiros.`,
      ],
      other: (n) => [
        `${n.athleteName} tiene un nuevo match`,
        `${n.coachLabel} ha compartido un match con ${n.athleteName} para su solicitud de ${n.request}, aceptado automáticamente.`,
      ],
    },
    shared: {
      athlete: (n) => [
        `${n.programOrCoach} ha compartido un match contigo`,
        `${n.coachLabel} está interesado en ti para su solicitud de ${n.request}. Acepta o rechaza el match.`,
      ],
      other: (n) => [`${n.athleteName} tiene un nuevo match`, `${n.coachLabel} ha compartido un match con ${n.athleteName} para su solicitud de ${n.request}.`],
    },
    answered: {
      coach: (n, accepted) =>
        accepted
          ? [`${n.athleteName} ha aceptado tu match`, `${n.athleteName} ha aceptado tu match para la solicitud de ${n.request}. Ya podéis escribiros.`]
          : [`${n.athleteName} ha rechazado tu match`, `${n.athleteName} ha rechazado tu match para la solicitud de ${n.request}.`],
      other: (n, accepted) => {
        const verb = accepted ? 'aceptado' : 'rechazado';
        return [`${n.athleteName} ha ${verb} un match`, `${n.athleteName} ha ${verb} el match con ${n.coachLabel} para su solicitud de ${n.request}.`];
      },
    },
    confirmed: {
      athlete: (n) => [
        `${n.programOrCoach} ha confirmado tu match`,
        `${n.coachLabel} ha confirmado el match de su solicitud de ${n.request}. Ya podéis escribiros.`,
      ],
      other: (n) => [
        `El match de ${n.athleteName} está confirmado`,
        `${n.coachLabel} ha confirmado el match con ${n.athleteName} para su solicitud de ${n.request}.`,
      ],
    },
    message: (n) => `Nuevo mensaje de ${n.senderName}${n.messageAbout ? ` sobre ${n.messageAbout}` : ''}`,
    top15: (n) => [`${n.athleteName} ha entrado en tu top 15`, `${n.athleteName} está ahora entre los 15 mejores matches de tu solicitud de ${n.request}.`],
    top15Digest: (names, request) => ({
      heading: names.length === 1 ? `${names[0]} ha entrado en tu top 15` : `${names.length} deportistas han entrado en tu top 15`,
      intro: `Nuevos entre los 15 mejores matches de tu solicitud de ${request}:`,
    }),
    anyPosition: 'Cualquier posición',
  },
  email: {
    open: 'Abrir',
    openConversation: 'Abrir la conversación',
    seeRankedList: 'Ver la clasificación',
    kindLabel: {
      match_shared: 'matches compartidos',
      match_answered: 'respuestas a matches',
      match_confirmed: 'matches confirmados',
      message: 'mensajes nuevos',
      top15: 'el resumen diario del top 15',
    },
    reason: (kind) => `Recibes este correo porque tienes activados los avisos por correo de ${es.email.kindLabel[kind]}.`,
    unsubscribe: 'Darse de baja',
  },
};

export const MAIL_TEXTS: Record<Language, MailTexts> = { en, es };

/** The texts of a language; English for a missing or unknown one. */
export function mailTexts(language: Language | null | undefined): MailTexts {
  return (language && MAIL_TEXTS[language]) || en;
}
