import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, screenshotPath } from '../support/browser';
import { startBuiltApp, StartedApp } from '../support/started-app';
import { within } from '../support/time';

const EMAIL = 'sam@shared.test';
const PASSWORD = 'quiet-harbor-lantern';

/** `npm run org:create -- …` on the built app's data folder, before it starts. */
function orgCreate(dataDir: string, name: string) {
  const result = spawnSync(
    process.execPath,
    ['dist/src/org-create.js', '--name', name, '--admin-email', EMAIL, '--admin-password', PASSWORD],
    {
      cwd: join(__dirname, '../..'),
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: within(60_000),
    },
  );
  if (result.status !== 0) throw new Error(`org:create ${name} failed: ${result.stderr}`);
}

/** One person owns two organizations with one address and, here, one password. */
describe('signing in with an address two organizations use, in a browser', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crewclock-shared-'));
  let app: StartedApp;
  let browser: Browser;

  beforeAll(async () => {
    orgCreate(dataDir, 'Acme Lawn Care');
    orgCreate(dataDir, 'Birch Cleaning');
    app = await startBuiltApp({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, { demo: false });
    browser = await launchBrowser();
  }, within(120_000));

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'asks which organization to sign in to, and signs in to the one chosen',
    async () => {
      const context = await newContext(browser, app.url);
      const page = await context.newPage();
      await page.goto('/account/login');
      await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
      await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();

      const choice = page.getByRole('group', { name: 'Choose the organization to sign in to.' });
      await choice.waitFor();
      expect(await choice.getByRole('button').allTextContents()).toEqual(['Acme Lawn Care', 'Birch Cleaning']);
      expect(page.url()).toMatch(/\/account\/login$/);
      await page.screenshot({ path: screenshotPath('login-choose-organization'), fullPage: true });

      await choice.getByRole('button', { name: 'Birch Cleaning' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      const session = await page.evaluate(
        () => fetch('/api/session').then((r) => r.json()) as Promise<{ company: { name: string } }>,
      );
      expect(session.company.name).toBe('Birch Cleaning');
      await page.getByText('Birch Cleaning').first().waitFor();
      await page.screenshot({ path: screenshotPath('login-chosen-organization'), fullPage: true });
      await context.close();
    },
    within(60_000),
  );
});
