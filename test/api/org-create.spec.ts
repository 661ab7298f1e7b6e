import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp } from '../support/app';
import { within } from '../support/time';

const ROOT = join(__dirname, '../..');

/** `npm run org:create -- …`, run as a person would (the TypeScript source, through the test's require hook). */
function orgCreate(dataDir: string, args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--require', './test/support/swc-register.js', 'src/org-create.ts', ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', SCRYPT_LOG_N: '10', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: within(60_000),
    },
  );
  return { status: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

describe('npm run org:create', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewclock-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'creates an organization whose Company Admin can then sign in; the same address may own a second organization',
    async () => {
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

      // An address is unique within an organization: the same person may own another one.
      const second = orgCreate(dataDir, [
        '--name',
        'Other',
        '--admin-email',
        'owner@acme.test',
        '--admin-password',
        'quiet-harbor-lantern',
      ]);
      expect(second).toMatchObject({ status: 0, out: expect.stringMatching(/^Organization "Other" created/) });

      const app = await startTestApp({ DATA_DIR: dataDir });
      try {
        for (const [password, company] of [
          ['a-good-password', { name: 'Acme Lawn Care', timeZone: 'America/Chicago' }],
          ['quiet-harbor-lantern', { name: 'Other' }],
        ] as const) {
          const admin = await app.client().signIn('owner@acme.test', password);
          const session = await admin.get('/api/session');
          expect(session.body).toMatchObject({ roles: ['Company Admin'], company });
        }
      } finally {
        await app.stop();
      }
    },
    within(90_000),
  );

  it(
    'explains itself on --help and -h, and creates nothing',
    () => {
      for (const flag of ['--help', '-h']) {
        const help = orgCreate(dataDir, [flag]);
        expect(help).toMatchObject({ status: 0, err: '' });
        expect(help.out).toMatch(/^Creates an organization and its first Company Admin/);
        expect(help.out).toContain('Usage: npm run org:create -- --name <name>');
        for (const option of [
          '--admin-email',
          '--admin-password',
          '--time-zone',
          '--admin-first-name',
          '--admin-last-name',
        ])
          expect(help.out).toContain(option);
        expect(help.out).not.toContain('Unknown option');
      }
      // Help wins over the rest: nothing is created, even with every required option given.
      const withOptions = orgCreate(dataDir, ['--name', 'Acme', '--admin-email', 'a@acme.test', '--help']);
      expect(withOptions).toMatchObject({ status: 0, out: expect.stringMatching(/^Creates an organization/) });
    },
    within(90_000),
  );

  it(
    'says what is missing or wrong',
    () => {
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
    },
    within(90_000),
  );
});
