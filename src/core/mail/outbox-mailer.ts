import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Mailer, MailMessage } from './mail.port';

/**
 * The embedded default: each message becomes a JSON file in the outbox folder, and a log line. A message
 * with an id is written to `<id>.json` through a temporary file and a rename: a crash leaves no half file,
 * and writing it again replaces it, so a retried message is still one file.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const queuedAt = new Date().toISOString();
    const name = message.id ?? `${queuedAt.replace(/[:.]/g, '-')}-${randomUUID()}`;
    const file = join(this.dir, `${name}.json`);
    const partial = join(this.dir, `.${name}.${randomUUID()}.partial`);
    await writeFile(partial, JSON.stringify({ ...message, queuedAt }, null, 2), { mode: 0o600 });
    await rename(partial, file);
    this.log(`mail to ${message.to}: "${message.subject}" written to ${file}`);
  }
}
