import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { within } from './time';

/** An e-mail the embedded mailer wrote to DATA_DIR/outbox. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  id?: string;
  attachments?: { filename: string; contentType: string; content: string }[];
  queuedAt: string;
}

/** Every e-mail in the app's outbox so far. */
export function outboxMails(dataDir: string): OutboxMail[] {
  const dir = join(dataDir, 'outbox');
  try {
    // Oldest first; a file being written is a dot-file until it is renamed.
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMail)
      .sort((a, b) => (a.queuedAt < b.queuedAt ? -1 : a.queuedAt > b.queuedAt ? 1 : 0));
  } catch {
    return [];
  }
}

/**
 * The e-mails that `match`, once `count` of them are there (or after `withinMs`). Mail is sent after the
 * answer (notices after the projection, reset links in the background), so it may land a moment later; the
 * default deadline is a generous one under the suite's time scale (it only says how long a failure takes).
 */
export async function mailsWhen(
  dataDir: string,
  match: (mail: OutboxMail) => boolean,
  count: number,
  withinMs = within(15_000),
): Promise<OutboxMail[]> {
  const until = Date.now() + withinMs;
  for (;;) {
    const mails = outboxMails(dataDir).filter(match);
    if (mails.length >= count || Date.now() > until) return mails;
    await new Promise((r) => setTimeout(r, 25));
  }
}
