/** Outgoing e-mail: written to an outbox folder embedded, sent over SMTP when SMTP_URL is set. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const MAILER = Symbol('Mailer');
