import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp } from '../support/app';

const ROOT = join(__dirname, '../..');

/** `npm run org:create -- …`, run as a person would (the TypeScript source, through the test's require hook). */
function orgCreate(dataDir: string, args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--require', './test/support/swc-register.js', 'src/identity/cli/org-create.ts', ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', SCRYPT_LOG_N: '10', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { status: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

describe('npm run org:create', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewclock-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates an organization whose Company Admin can then sign in, and refuses a duplicate e-mail', async () => {
    const created = orgCreate(dataDir, [
      '--name',
      'Acme Lawn Care',
      '--admin-email',
      'Owner@Acme.test',
      '--admin-password',
      'a-good-password',
      '--time-zone',
      'America/Chicago',
    ]);
    expect(created).toMatchObject({
      status: 0,
      out: expect.stringMatching(
        /^Organization "Acme Lawn Care" created \(id [0-9a-f-]{36}\)\. Its Company Admin signs in as owner@acme\.test\.$/,
      ),
    });

    const duplicate = orgCreate(dataDir, [
      '--name',
      'Other',
      '--admin-email',
      'owner@acme.test',
      '--admin-password',
      'a-good-password',
    ]);
    expect(duplicate).toMatchObject({
      status: 1,
      err: 'Could not create the organization: A user with this email already exists.',
    });

    const app = await startTestApp({ DATA_DIR: dataDir });
    try {
      const admin = await app.client().signIn('owner@acme.test', 'a-good-password');
      const session = await admin.get('/api/session');
      expect(session.body).toMatchObject({
        roles: ['Company Admin'],
        company: { name: 'Acme Lawn Care', timeZone: 'America/Chicago' },
      });
    } finally {
      await app.stop();
    }
  }, 90_000);

  it('says what is missing or wrong', () => {
    expect(orgCreate(dataDir, ['--name', 'Acme'])).toMatchObject({
      status: 2,
      err: expect.stringMatching(/^Missing --admin-email, --admin-password\nUsage: npm run org:create/),
    });
    expect(
      orgCreate(dataDir, [
        '--name',
        'Acme',
        '--admin-email',
        'x@acme.test',
        '--admin-password',
        'a-good-password',
        '--time-zone',
        'Mars/Base',
      ]),
    ).toMatchObject({
      status: 1,
      err: 'Could not create the organization: "Mars/Base" is not a known time zone (use an IANA name such as America/New_York)',
    });
  }, 90_000);
});
