/** Outgoing e-mail: written to an outbox folder embedded, sent over SMTP when SMTP_URL is set. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with it (e.g. a calendar invitation): kept in the outbox file, MIME parts over SMTP. */
  attachments?: MailAttachment[];
  /** Extra headers: RFC 8058's List-Unsubscribe and List-Unsubscribe-Post on a customer's e-mail they may stop. */
  headers?: Record<string, string>;
  /**
   * The message's identity, for messages a process may send again after a crash: the outbox file's name
   * (written again, it is the same file) and the SMTP Message-ID (receivers can tell the copy). Letters,
   * digits and hyphens only.
   */
  id?: string;
}

export interface MailAttachment {
  filename: string;
  /** The MIME type, parameters included: `text/calendar; charset=utf-8; method=REQUEST`. */
  contentType: string;
  /** The file's text. */
  content: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export const MAILER = Symbol('Mailer');
