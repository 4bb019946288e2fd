import nodemailer from 'nodemailer';
import { fallbackLogger, type Logger } from './logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of the text (notification emails). */
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Where the log-only mailer prints. */
  log?: Logger;
}

/** SMTP when SMTP_URL is set; otherwise mail is printed to the log (local development). */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const log = options.log ?? fallbackLogger;
  return {
    async send(message) {
      // Development only (production requires SMTP_URL): the mail, code included, is read here.
      log.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        `[mail] not sent (no SMTP_URL): to=${message.to} subject=${JSON.stringify(message.subject)}`,
      );
    },
    close() {},
  };
}
