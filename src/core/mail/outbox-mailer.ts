import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Mailer, MailMessage } from './mail.port';

/** The embedded default: each message becomes a JSON file in the outbox folder, and a log line. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const file = join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`);
    await writeFile(file, JSON.stringify({ ...message, queuedAt: new Date().toISOString() }, null, 2), { mode: 0o600 });
    this.log(`mail to ${message.to}: "${message.subject}" written to ${file}`);
  }
}
