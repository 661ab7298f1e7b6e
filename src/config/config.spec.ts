import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'crewclock-config-'));

describe('configuration', () => {
  it('defaults to the embedded engines on port 3000 with ./data', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, dataDir: dir, eventStoreUrl: null, mongodbUrl: null, redisUrl: null, smtpUrl: null, projections: 'in-process', publicUrl: 'http://localhost:3000', seedDemo: true });
    // A generated secret is kept in the data folder, so sessions survive a restart.
    expect(config.sessionSecret).toBe(readFileSync(join(dir, '.session-secret'), 'utf8'));
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('takes the production engines from their URLs', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(), EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false', MONGODB_URL: 'mongodb://mongo:27017/crewclock',
      REDIS_URL: 'redis://redis:6379', SMTP_URL: 'smtp://mail:1025', PUBLIC_URL: 'https://app.example.com/', PROJECTIONS: 'external',
    });
    expect(config).toMatchObject({ eventStoreUrl: 'esdb://eventstore:2113?tls=false', mongodbUrl: 'mongodb://mongo:27017/crewclock', redisUrl: 'redis://redis:6379', smtpUrl: 'smtp://mail:1025', publicUrl: 'https://app.example.com', projections: 'external' });
  });

  it.each([
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET is required when NODE_ENV=production (at least 32 random characters)'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET must be at least 32 characters long'],
    [{ PORT: 'eighty' }, 'PORT must be a whole number from 0 to 65535, got "eighty"'],
    [{ MONGODB_URL: 'localhost:27017' }, 'MONGODB_URL must start with mongodb:// or mongodb+srv://, got "localhost:27017"'],
    [{ MONGODB_URL: 'not a url' }, 'MONGODB_URL must be a URL (mongodb or mongodb+srv), got "not a url"'],
    [{ REDIS_URL: 'http://redis' }, 'REDIS_URL must start with redis:// or rediss://, got "http://redis"'],
    [{ PROJECTIONS: 'sometimes' }, 'PROJECTIONS must be one of in-process, external, none, got "sometimes"'],
    [{ SCRYPT_LOG_N: '10' }, 'SCRYPT_LOG_N must be a whole number from 17 to 20, got "10"'],
    [{ SUPPORT_EMAIL: 'help' }, 'SUPPORT_EMAIL must be an e-mail address, got "help"'],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new ConfigError(message));
  });

  it('accepts lighter password hashing only under NODE_ENV=test', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test', SCRYPT_LOG_N: '10' }).scryptLogN).toBe(10);
    expect(loadConfig({ DATA_DIR: dataDir() }).scryptLogN).toBe(17);
  });
});
