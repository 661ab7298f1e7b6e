import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'crewclock-config-'));

describe('configuration', () => {
  it('defaults to the embedded engines on port 3000 with ./data', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: dir,
      eventStoreUrl: null,
      databaseUrl: null,
      mongodbUrl: null,
      redisUrl: null,
      smtpUrl: null,
      projections: 'in-process',
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      sessionIdleMinutes: 30,
      clientDir: null,
    });
    // A generated secret is kept in the data folder, so sessions survive a restart.
    expect(config.sessionSecret).toBe(readFileSync(join(dir, '.session-secret'), 'utf8'));
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('serves the built client from CLIENT_DIR when set, as an absolute path', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), CLIENT_DIR: ' web/dist ' }).clientDir).toBe(
      join(process.cwd(), 'web/dist'),
    );
  });

  it('takes the production engines from their URLs', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
      DATABASE_URL: 'postgres://crewclock:secret@db:5432/crewclock',
      MONGODB_URL: 'mongodb://mongo:27017/crewclock',
      REDIS_URL: 'redis://redis:6379',
      SMTP_URL: 'smtp://mail:1025',
      PUBLIC_URL: 'https://app.example.com/',
      PROJECTIONS: 'external',
    });
    expect(config).toMatchObject({
      eventStoreUrl: 'esdb://eventstore:2113?tls=false',
      databaseUrl: 'postgres://crewclock:secret@db:5432/crewclock',
      mongodbUrl: 'mongodb://mongo:27017/crewclock',
      redisUrl: 'redis://redis:6379',
      smtpUrl: 'smtp://mail:1025',
      publicUrl: 'https://app.example.com',
      projections: 'external',
    });
  });

  it('takes DATABASE_URL with either PostgreSQL scheme', () => {
    const url = 'postgresql://crewclock@127.0.0.1:5432/crewclock?application_name=api';
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: ` ${url} ` }).databaseUrl).toBe(url);
  });

  it.each<[Record<string, string>, string]>([
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET is required when NODE_ENV=production (at least 32 random characters)'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET must be at least 32 characters long'],
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535, got "eighty"'],
    [
      { MONGODB_URL: 'localhost:27017' },
      'MONGODB_URL must start with mongodb:// or mongodb+srv://, got "localhost:27017"',
    ],
    [{ MONGODB_URL: 'not a url' }, 'MONGODB_URL must be a URL (mongodb or mongodb+srv), got "not a url"'],
    [
      { DATABASE_URL: 'mysql://db/crewclock' },
      'DATABASE_URL must start with postgres:// or postgresql://, got "mysql://db/crewclock"',
    ],
    [{ REDIS_URL: 'http://redis' }, 'REDIS_URL must start with redis:// or rediss://, got "http://redis"'],
    [{ PROJECTIONS: 'sometimes' }, 'PROJECTIONS must be one of in-process, external, none, got "sometimes"'],
    [{ SCRYPT_LOG_N: '10' }, 'SCRYPT_LOG_N must be a whole number from 17 to 20, got "10"'],
    [{ SUPPORT_EMAIL: 'help' }, 'SUPPORT_EMAIL must be an e-mail address, got "help"'],
    [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES must be a whole number from 1 to 1440, got "0"'],
    ...['0', '11', 'yes', '10.0.0.0/33', '10.0.0.1/8/1', 'everyone', '10.0.0.1, nginx', '::1/129'].map(
      (value): [Record<string, string>, string] => [
        { TRUST_PROXY: value },
        `TRUST_PROXY must be a number of proxy hops (such as 1) or a comma-separated list of addresses and CIDR ranges (such as 10.0.0.0/8), got "${value}"`,
      ],
    ),
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new ConfigError(message));
  });

  it('trusts no proxy unless TRUST_PROXY names them: a hop count, or addresses and ranges', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: ' 10.0.0.5, 172.16.0.0/12 ,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.5', '172.16.0.0/12', 'fd00::/8', 'loopback']);
  });

  it('accepts lighter password hashing only under NODE_ENV=test', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test', SCRYPT_LOG_N: '10' }).scryptLogN).toBe(10);
    expect(loadConfig({ DATA_DIR: dataDir() }).scryptLogN).toBe(17);
  });
});
