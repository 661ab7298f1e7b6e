import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { CommandBus } from '@nestjs/cqrs';
import { createApp, RunningApp } from '../src/app';
import { AppConfig, loadConfig } from '../src/config/config';
import type { CommandMeta } from '../src/core/commands/aggregates';
import { CreateOrganization, CreateUser } from '../src/identity/identity.commands';
import type { Role } from '../src/shared/session';
import { ApiClient } from '../test/support/app';

export const BENCH_PASSWORD = 'bench-password';

export interface BenchOrganization {
  config: AppConfig;
  dataDir: string;
  running: RunningApp;
  organizationId: string;
  commands: CommandBus;
  /** Metadata of a command by the organization's admin. */
  meta(): CommandMeta;
  /** Creates people of a role through the real command (`crew0@…`, `manager0@…`), optionally signed in. */
  people(role: Role, count: number): Promise<{ userId: string; email: string }[]>;
  signIn(email: string): Promise<ApiClient>;
  /** Closes the app and removes its data. */
  close(): Promise<void>;
}

/** The real app on the embedded default in a fresh folder, with one organization and its admin (bench@example.test). */
export async function benchOrganization(): Promise<BenchOrganization> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewclock-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    SCRYPT_LOG_N: '10',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
  const running = await createApp(config);
  const organizationId = randomUUID();
  const adminId = randomUUID();
  const meta = (): CommandMeta => ({
    organizationId,
    actorUserId: adminId,
    correlationId: randomUUID(),
    causationId: null,
    at: new Date().toISOString(),
  });
  const commands = running.app.get(CommandBus);
  await commands.execute(
    new CreateOrganization(
      {
        organizationId,
        name: 'Bench Co',
        timeZone: 'America/New_York',
        admin: {
          userId: adminId,
          firstName: 'Bench',
          lastName: 'Admin',
          email: 'bench@example.test',
          password: BENCH_PASSWORD,
        },
      },
      meta(),
    ),
  );
  return {
    config,
    dataDir,
    running,
    organizationId,
    commands,
    meta,
    async people(role, count) {
      const prefix = role === 'Associate' ? 'crew' : role === 'Customer Manager' ? 'manager' : 'admin';
      const out: { userId: string; email: string }[] = [];
      for (let i = 0; i < count; i++) {
        const email = `${prefix}${i}@example.test`;
        const { userId } = await commands.execute(
          new CreateUser(
            {
              firstName: `${prefix[0].toUpperCase()}${prefix.slice(1)}${i}`,
              lastName: 'Bench',
              email,
              role,
              password: BENCH_PASSWORD,
            },
            meta(),
            // Made-up people: no welcome e-mail.
            false,
          ),
        );
        out.push({ userId, email });
      }
      return out;
    },
    signIn: (email) => new ApiClient(running.url).signIn(email, BENCH_PASSWORD),
    async close() {
      await running.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a client script (`bench/clients/<name>.js`) in a worker thread, as browsers and phones are
 * other processes: its parsing and garbage collection never pause the server's event loop.
 */
export function inWorker<T>(name: string, data: Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(__dirname, 'clients', `${name}.js`), { workerData: data });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}
