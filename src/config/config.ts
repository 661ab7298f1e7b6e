import { isEmailAddress } from '../shared/email';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';

/**
 * The only code that reads process.env (the app, the worker, the rebuild and org:create commands all
 * come here). Validated once at start; a bad value stops the process with a message naming the
 * variable and what it expects.
 */
export interface AppConfig {
  nodeEnv: 'production' | 'development' | 'test';
  port: number;
  dataDir: string;
  /** The built web client the server sends (CLIENT_DIR); null: the repository's client/dist. */
  clientDir: string | null;
  /** EventStoreDB when set; otherwise PostgreSQL when databaseUrl is set, SQLite in dataDir otherwise. */
  eventStoreUrl: string | null;
  /**
   * PostgreSQL (DATABASE_URL): the event log when EVENTSTORE_URL is not set, the read models when MONGODB_URL is not,
   * and files (src/core/engines.ts).
   */
  databaseUrl: string | null;
  /** MongoDB when set (read models and GridFS files), else PostgreSQL's or the embedded SQLite read store. */
  mongodbUrl: string | null;
  /** socket.io fan-out across instances (and the projections worker) when set. */
  redisUrl: string | null;
  /** SMTP when set, the outbox folder otherwise. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Where Company Admins reach the provider's support (the Support screen); null: not set up. */
  supportEmail: string | null;
  sessionSecret: string;
  publicUrl: string;
  /** in-process (default); external: they run as their own process (`npm run projections`) and commands
   *  wait for its checkpoints; none: no waiting at all (one-shot CLI commands). */
  projections: 'in-process' | 'external' | 'none';
  logLevel: string;
  /**
   * Which proxies may say who the client is (X-Forwarded-For): false (none: the address is the
   * connection's), a hop count, or addresses and CIDR ranges. Only as configured (OWASP ASVS 4.1.3).
   */
  trustProxy: false | number | string[];
  /**
   * Addresses and CIDR ranges (INTERNAL_ADDRESSES) whose callers, besides loopback, read /healthz's details (log
   * positions, projection progress); anyone else gets a bare status.
   */
  internalAddresses: string[];
  /** A session without Remember me ends after this many minutes unused (OWASP ASVS 7.3.1). */
  sessionIdleMinutes: number;
  /** log2 of scrypt's N. OWASP: 17. Lower values are accepted only when NODE_ENV=test. */
  scryptLogN: number;
  /** Seed the demo organization into an empty store at start. */
  seedDemo: boolean;
  /** How often the rating requests process looks for finished jobs and unsent e-mails (RATING_REQUESTS_EVERY_MS). */
  ratingRequestsEveryMs: number;
  /** How often the visit reminders process looks for reminders that came due (VISIT_REMINDERS_EVERY_MS). */
  visitRemindersEveryMs: number;
  /**
   * How long the read models of the past wait for the next live batch to ride along with before they take a unit of
   * their own (PAST_LAG_MS; a read of them never waits for it).
   */
  pastLagMs: number;
}

/**
 * Whether this process runs what follows the log with effects outside it (e-mails, the rating requests
 * process): a single instance with in-process projections does; with REDIS_URL (several instances) or
 * external projections, the projections worker does.
 */
export const runsLogProcesses = (config: AppConfig): boolean => config.projections === 'in-process' && !config.redisUrl;

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function url(env: Env, name: string, protocols: string[]): string | null {
  const value = env[name]?.trim();
  if (!value) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL (${protocols.join(' or ')}), got "${value}"`);
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => p + '://').join(' or ')}, got "${value}"`);
  }
  return value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!values.includes(raw as T)) throw new ConfigError(`${name} must be one of ${values.join(', ')}, got "${raw}"`);
  return raw as T;
}

/** A development secret survives restarts (so do sessions) without anyone having to set one. */
function localSessionSecret(dataDir: string): string {
  const file = join(dataDir, '.session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** `1` (hops), or `10.0.0.5, 172.16.0.0/12, loopback`; none when unset. */
function trustProxy(env: Env): false | number | string[] {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw) return false;
  const expected = `TRUST_PROXY must be a number of proxy hops (such as 1) or a comma-separated list of addresses and CIDR ranges (such as 10.0.0.0/8), got "${raw.slice(0, 100)}"`;
  if (raw.length > 1000) throw new ConfigError(expected);
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops < 1 || hops > 10) throw new ConfigError(expected);
    return hops;
  }
  const entries = raw.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!PROXY_NAMES.includes(entry) && (family === 0 || !prefixOk || extra !== undefined))
      throw new ConfigError(expected);
  }
  return entries;
}

/** `10.0.0.5, 172.16.0.0/12`: addresses and CIDR ranges; none when unset. */
function internalAddresses(env: Env): string[] {
  const raw = env.INTERNAL_ADDRESSES?.trim();
  if (!raw) return [];
  const expected = `INTERNAL_ADDRESSES must be a comma-separated list of addresses and CIDR ranges (such as 10.0.0.0/8), got "${raw.slice(0, 100)}"`;
  if (raw.length > 1000) throw new ConfigError(expected);
  const entries = raw.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (family === 0 || !prefixOk || extra !== undefined) throw new ConfigError(expected);
  }
  return entries;
}

function supportEmail(env: Env): string | null {
  const value = env.SUPPORT_EMAIL?.trim();
  if (!value) return null;
  if (!isEmailAddress(value)) throw new ConfigError(`SUPPORT_EMAIL must be an e-mail address, got "${value}"`);
  return value;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = oneOf(env, 'NODE_ENV', ['production', 'development', 'test'] as const, 'development');
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const dataDir = resolve(env.DATA_DIR?.trim() || './data');
  const secret = env.SESSION_SECRET?.trim();
  if (nodeEnv === 'production' && !secret) {
    throw new ConfigError('SESSION_SECRET is required when NODE_ENV=production (at least 32 random characters)');
  }
  if (secret && secret.length < 32) throw new ConfigError('SESSION_SECRET must be at least 32 characters long');
  const publicUrl = url(env, 'PUBLIC_URL', ['http', 'https']) ?? `http://localhost:${port}`;
  const scryptLogN = integer(env, 'SCRYPT_LOG_N', 17, nodeEnv === 'test' ? 10 : 17, 20);
  return {
    nodeEnv,
    port,
    dataDir,
    clientDir: env.CLIENT_DIR?.trim() ? resolve(env.CLIENT_DIR.trim()) : null,
    eventStoreUrl: url(env, 'EVENTSTORE_URL', ['esdb', 'esdb+discover', 'kurrentdb', 'kurrent']),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres', 'postgresql']),
    mongodbUrl: url(env, 'MONGODB_URL', ['mongodb', 'mongodb+srv']),
    redisUrl: url(env, 'REDIS_URL', ['redis', 'rediss']),
    smtpUrl: url(env, 'SMTP_URL', ['smtp', 'smtps']),
    mailFrom: env.MAIL_FROM?.trim() || 'CrewClock <no-reply@crewclock.local>',
    supportEmail: supportEmail(env),
    sessionSecret: secret ?? localSessionSecret(dataDir),
    publicUrl: publicUrl.replace(/\/$/, ''),
    projections: oneOf(env, 'PROJECTIONS', ['in-process', 'external', 'none'] as const, 'in-process'),
    logLevel: oneOf(
      env,
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      nodeEnv === 'test' ? 'silent' : 'info',
    ),
    scryptLogN,
    trustProxy: trustProxy(env),
    internalAddresses: internalAddresses(env),
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 30, 1, 24 * 60),
    seedDemo:
      oneOf(env, 'SEED_DEMO', ['true', 'false'] as const, nodeEnv === 'production' ? 'false' : 'true') === 'true',
    // Within a minute of a job's end (#14), at a cost of one small query per organization that asks.
    ratingRequestsEveryMs: integer(env, 'RATING_REQUESTS_EVERY_MS', 15_000, 100, 60_000),
    // Within a minute of the time a reminder is due, at one small query per organization that sends them.
    visitRemindersEveryMs: integer(env, 'VISIT_REMINDERS_EVERY_MS', 15_000, 100, 60_000),
    // The audit log's pushes wait as long (issue #45).
    pastLagMs: integer(env, 'PAST_LAG_MS', 25, 0, 60_000),
  };
}

/** The environment with `defaults` under it: a command's own defaults (org:create logs warnings only). */
export function environmentWith(defaults: Env): Env {
  return { ...defaults, ...process.env };
}

/** `npm run projections:rebuild`'s options. */
export interface RebuildOptions {
  /** bar: a progress bar; lines: a line per 100 events, for scripts and tests. */
  progress: 'bar' | 'lines';
  /** Events per batch: applied and committed with their checkpoints as one unit (one transaction on SQLite). */
  checkpointEvery: number;
  /** Continue an interrupted rebuild from its checkpoints rather than starting over. */
  resume: boolean;
}

export function loadRebuildOptions(env: Env = process.env): RebuildOptions {
  return {
    progress: oneOf(env, 'REBUILD_PROGRESS', ['bar', 'lines'] as const, 'bar'),
    checkpointEvery: integer(env, 'REBUILD_CHECKPOINT_EVERY', 2000, 1, 1_000_000),
    resume: oneOf(env, 'REBUILD_RESUME', ['true', 'false'] as const, 'false') === 'true',
  };
}

export const APP_CONFIG = Symbol('AppConfig');
