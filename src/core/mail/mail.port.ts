/** Outgoing e-mail: written to an outbox folder embedded, sent over SMTP when SMTP_URL is set. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The message's identity, for messages a process may send again after a crash: the outbox file's name
   * (written again, it is the same file) and the SMTP Message-ID (receivers can tell the copy). Letters,
   * digits and hyphens only.
   */
  id?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const MAILER = Symbol('Mailer');
