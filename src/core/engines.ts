import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { AppConfig } from '../config/config';
import { EventStore } from './event-store/event-store.port';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import { ReadStore } from './read-store/read-store.port';
import { SqliteReadStore } from './read-store/sqlite-read-store';
import { FileStore } from './files/files.port';
import { FolderFileStore } from './files/folder-file-store';
import { Mailer } from './mail/mail.port';
import { OutboxMailer } from './mail/outbox-mailer';
import { redisConnection, RedisClient } from './redis';

/** The engines behind the ports: embedded by default, the production ones where a URL is set. */
export interface Engines {
  eventStore: EventStore;
  readStore: ReadStore;
  files: FileStore;
  mailer: Mailer;
  redis: RedisClient | null;
  describe: string;
  close(): Promise<void>;
}

export async function openEngines(config: AppConfig, log: (line: string) => void = () => undefined): Promise<Engines> {
  mkdirSync(config.dataDir, { recursive: true });
  // Production adapters load only when configured: their client libraries are large.
  const eventStore = config.eventStoreUrl
    ? new (await import('./event-store/eventstoredb-event-store')).EventStoreDbEventStore(config.eventStoreUrl)
    : new SqliteEventStore(join(config.dataDir, 'events.sqlite'));
  const postgres = config.databaseUrl
    ? new (await import('./read-store/postgres-read-store')).PostgresReadStore(config.databaseUrl)
    : null;
  const mongo =
    !postgres && config.mongodbUrl
      ? await (await import('./read-store/mongo-read-store')).MongoReadStore.connect(config.mongodbUrl)
      : null;
  // The read models persist: a restart opens them and catches up from their checkpoints.
  const readModels = join(config.dataDir, 'read-models.sqlite');
  const readStore: ReadStore = postgres ?? mongo ?? new SqliteReadStore(readModels);
  const files = mongo ? mongo.fileStore() : new FolderFileStore(join(config.dataDir, 'files'));
  const mailer = config.smtpUrl
    ? new (await import('./mail/smtp-mailer')).SmtpMailer(config.smtpUrl, config.mailFrom)
    : new OutboxMailer(join(config.dataDir, 'outbox'), log);
  const redis = config.redisUrl ? redisConnection(config.redisUrl) : null;
  const describe = [
    `events: ${config.eventStoreUrl ? 'EventStoreDB' : `SQLite (${join(config.dataDir, 'events.sqlite')})`}`,
    `read models: ${postgres ? `PostgreSQL (${databaseName(config.databaseUrl!)})` : mongo ? 'MongoDB' : `SQLite (${readModels})`}`,
    `files: ${mongo ? 'GridFS' : join(config.dataDir, 'files')}`,
    `mail: ${config.smtpUrl ? 'SMTP' : join(config.dataDir, 'outbox')}`,
    `push fan-out: ${redis ? 'Redis' : 'in-process'}`,
  ].join('; ');
  return {
    eventStore,
    readStore,
    files,
    mailer,
    redis,
    describe,
    async close() {
      await eventStore.close();
      await readStore.close();
      redis?.disconnect();
    },
  };
}

/** The database a URL names, without its credentials: what a log line may show. */
function databaseName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}
