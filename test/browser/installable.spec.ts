import { appendFileSync, cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ApiClient } from '../support/app';
import { appInBrowser, demoAccount, LIVE_MS, newContext, PHONE, screenshotPath, signIn } from '../support/browser';
import { within } from '../support/time';

/** The installable app (issue #29 item 1): a manifest, and a service worker that opens the app with no network. */
describe('the installed app', () => {
  // Its own copy of the built client, which a test changes to make a new version.
  const client = mkdtempSync(join(tmpdir(), 'crewclock-client-'));
  cpSync(join(__dirname, '../../client/dist'), client, { recursive: true, filter: (from) => !from.endsWith('.map') });
  const env = appInBrowser({ CLIENT_DIR: client });
  const associate = () => demoAccount(env.app.output, 'Associate');

  /** A phone's page signed in as the Associate, once the service worker has installed (its precache filled). */
  async function installed(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(env.browser, env.app.url, PHONE, undefined, 'allow');
    const page = await context.newPage();
    await signIn(page, associate(), '/');
    await page.getByRole('heading', { name: 'Home', exact: true }).waitFor();
    // Ready once a worker is active: the first one activates after its install, which fetched every precached file.
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    return { context, page };
  }

  it(
    "passes the browser's checks for installing: a manifest with a name, icons and standalone display, a worker",
    async () => {
      const { context, page } = await installed();
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      // Every check passes but one the test's browser makes true: its contexts are incognito, which cannot install.
      expect(installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito']);

      const client = new ApiClient(env.app.url);
      const manifest = await client.get('/manifest.webmanifest');
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      const body = JSON.parse(typeof manifest.body === 'string' ? manifest.body : JSON.stringify(manifest.body));
      expect(body).toMatchObject({
        name: 'CrewClock',
        short_name: 'CrewClock',
        display: 'standalone',
        start_url: '/',
        theme_color: '#0D1B41',
      });
      for (const icon of body.icons as { src: string; sizes: string }[]) {
        const answer = await fetch(`${env.app.url}${icon.src}`);
        expect([icon.src, answer.status, answer.headers.get('content-type')]).toEqual([icon.src, 200, 'image/png']);
      }
      // The icon that browsers, bookmarks and feed readers ask for without reading the page (issue #44: a 404): an ICO
      // of the same design, at 16, 32 and 48 px.
      const favicon = await fetch(`${env.app.url}/favicon.ico`);
      expect([favicon.status, favicon.headers.get('content-type')]).toEqual([200, 'image/vnd.microsoft.icon']);
      const icon = Buffer.from(await favicon.arrayBuffer());
      expect([icon.readUInt16LE(0), icon.readUInt16LE(2), icon.readUInt16LE(4)]).toEqual([0, 1, 3]);
      expect([0, 1, 2].map((i) => icon.readUInt8(6 + 16 * i))).toEqual([16, 32, 48]);
      const drawn = await page.evaluate(
        "new Promise((done) => { const img = new Image(); img.onload = () => done(img.naturalWidth); img.onerror = () => done(0); img.src = '/favicon.ico'; })",
      );
      expect(drawn).toBeGreaterThanOrEqual(16);
      // A new version must reach the phone: the worker is asked for again every time, never taken from a cache.
      const worker = await fetch(`${env.app.url}/sw.js`);
      expect([worker.status, worker.headers.get('cache-control')]).toEqual([200, 'no-cache']);
      await context.close();
    },
    within(120_000),
  );

  it(
    'tells of a new version and waits for the Reload asked for: what is being typed stays until then',
    async () => {
      const { context, page } = await installed();
      await page.goto('/profile');
      const firstName = page.getByRole('textbox', { name: 'First Name' });
      await firstName.fill('Typed but not saved');
      // A new version: the worker's bytes differ, as a new build's do. The phone's next look finds it.
      appendFileSync(join(client, 'sw.js'), '\n// the next version\n');
      await page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r.update())');
      const toast = page.getByRole('alert').filter({ hasText: 'A new version of CrewClock is ready' });
      await toast.waitFor({ timeout: LIVE_MS });
      // Nothing reloaded by itself: the text is still there.
      expect(await firstName.inputValue()).toBe('Typed but not saved');
      // Once its entrance has ended (Mantine slides a toast in).
      await page.waitForTimeout(600);
      await page.screenshot({ path: screenshotPath('installable-update-phone') });

      await toast.getByRole('button', { name: 'Reload' }).click();
      await page.waitForEvent('load');
      await page.getByRole('textbox', { name: 'First Name' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'First Name' }).inputValue()).not.toBe('Typed but not saved');
      expect(await toast.count()).toBe(0);
      await context.close();
    },
    within(120_000),
  );

  it(
    "opens without a network once installed: the shell from the worker, the screens from the phone's copy",
    async () => {
      const { context, page } = await installed();
      await context.setOffline(true);
      await page.reload();
      // Not the browser's own offline page: the app's shell from the worker's precache, Home from the local copy.
      await page.getByRole('heading', { name: 'Home', exact: true }).waitFor({ timeout: LIVE_MS });
      await page.getByText(/^Offline — last updated \d{1,2}:\d{2} [AP]M$/).waitFor();
      expect(await page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
      await page.screenshot({ path: screenshotPath('installable-offline-phone') });

      // Another screen's code too (every screen's code is precached), and this week's tracked times, read ahead.
      await page.goto('/timers');
      await page.getByRole('heading', { name: 'My Tracked Times' }).waitFor({ timeout: LIVE_MS });
      expect(await page.getByText('This could not be loaded').count()).toBe(0);
      await page.screenshot({ path: screenshotPath('offline-tracked-times-phone') });

      await context.setOffline(false);
      await page.getByRole('status', { name: 'Connection' }).waitFor({ state: 'detached', timeout: LIVE_MS });
      await context.close();
    },
    within(120_000),
  );
});
