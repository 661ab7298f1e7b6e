import { chromium, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { startBuiltApp, type StartedApp } from './started-app';
import { join } from 'node:path';
import { within } from './time';

/**
 * What a test has no use for: each window of the headless browser (one per context) preloads the address bar's two
 * popups as WebUI pages, two renderers more than the page's own, about 0.8 s of a core every time a test opens a page
 * (1.15 s -> 0.35 s for a page of nothing; the suite opens a few hundred).
 */
const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];
/**
 * Chromium reads only the last --disable-features, and playwright-core passes its own list first: ours restates
 * theirs (chromiumSwitches.ts of the version pinned in package.json), which a new version must be checked against.
 */
const PLAYWRIGHT_DISABLED_FEATURES = {
  version: '1.65.1',
  features: [
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'LensOverlay',
    'MediaRouter',
    'PaintHolding',
    'ThirdPartyStoragePartitioning',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'TcpPortRandomizationWin',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
    'msForceBrowserSignIn',
    'msEdgeUpdateLaunchServicesPreferredVersion',
  ],
};

/** Debian's Chromium driven by playwright-core (a test tool's own browser download cannot work here). */
export async function launchBrowser(): Promise<Browser> {
  const { version } = JSON.parse(readFileSync(require.resolve('playwright-core/package.json'), 'utf8')) as {
    version: string;
  };
  if (version !== PLAYWRIGHT_DISABLED_FEATURES.version)
    throw new Error(
      `playwright-core is ${version}: restate its disabled features in test/support/browser.ts (they are ${PLAYWRIGHT_DISABLED_FEATURES.version}'s)`,
    );
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync', // playwright gives each launch a fresh profile folder
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES.features, ...UNUSED_FEATURES].join(',')}`,
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** A signed-in browser's cookies and storage. */
type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;

/** How long a page action or wait may take before it fails (playwright's own default is 30 s, unscaled). */
const PAGE_WAIT_MS = within(30_000);

export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
  storageState?: SignedIn,
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<BrowserContext> {
  // Without the service worker (issue #29) unless a test is about it: each new context would otherwise install it and
  // download every screen's code to precache, which only the tests of the installed app need.
  const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor: 1, storageState, serviceWorkers });
  context.setDefaultTimeout(PAGE_WAIT_MS);
  context.setDefaultNavigationTimeout(PAGE_WAIT_MS);
  return context;
}

export const SCREENSHOTS = join(__dirname, '../../test-results/screenshots');
export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return join(SCREENSHOTS, `${name}.png`);
}

/**
 * A full-page screenshot to look at: from the page's top (the fixed top bar where it belongs), without toasts. Each
 * toast is closed, again while new ones come (one a late answer brings), until none is left.
 */
export async function screenshotWithoutToasts(page: Page, name: string): Promise<void> {
  const toasts = page.locator('.mantine-Notification-root');
  const until = Date.now() + within(20_000);
  while ((await toasts.count()) > 0) {
    if (Date.now() > until) throw new Error(`toasts kept coming before the screenshot ${name}`);
    for (const close of await page.locator('.mantine-Notification-closeButton').all())
      await close.click({ force: true, timeout: 1000 }).catch(() => undefined);
    await toasts
      .first()
      .waitFor({ state: 'detached', timeout: 2000 })
      .catch(() => undefined);
  }
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

/** The sign-in a fresh start printed for a role of the demo organization (see demo-seed.ts). */
export function demoAccount(startOutput: string, role: 'Company Admin' | 'Customer Manager' | 'Associate') {
  // A line reads '  Company Admin     admin@demo.crewclock.test / Welcome2Crew!'.
  const line = startOutput
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith(`${role} `));
  const [email, slash, password] = line?.slice(role.length).trim().split(/\s+/) ?? [];
  if (!email || slash !== '/' || !password) throw new Error(`no ${role} sign-in in the start output:\n${startOutput}`);
  return { email, password };
}

/** Sessions signed in once per app and account (a suite's own app: the cache lives as long as the suite's module). */
const signedIn = new Map<string, SignedIn>();

/**
 * A new context at `viewport` signed in as `account` and a page on `path`. The first call for an account signs in
 * through the login page; later ones reuse its session cookie (each sign-in hashes a password, which a suite that
 * only looks at screens need not pay again).
 */
export async function pageSignedIn(
  browser: Browser,
  baseURL: string,
  account: { email: string; password: string },
  path: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const key = `${baseURL} ${account.email}`;
  const session = signedIn.get(key);
  const context = await newContext(browser, baseURL, viewport, session);
  const page = await context.newPage();
  if (session) await page.goto(path);
  else {
    await signIn(page, account, path);
    signedIn.set(key, await context.storageState());
  }
  return { context, page };
}

/** Signs in through the login page and lands on `path`. */
export async function signIn(page: Page, account: { email: string; password: string }, path: string) {
  await page.goto(`/account/login?ReturnUrl=${encodeURIComponent(path)}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === path);
}

/**
 * A change made in one browser shows in another without reload. The issues ask for a second, which the
 * push benchmarks measure (bench/); a test only checks that it arrives, and waits at most this long so a
 * loaded shared machine does not fail it: 2 s flaked, and so did 5 s once in CI, with two browser suites,
 * their servers and Chromiums sharing the 2 cores.
 */
export const LIVE_MS = within(20_000);

/** How long the first calendar view may take to show its jobs before stepping to the next week. */
const FIRST_VIEW_MS = 5000;

/**
 * Steps the calendar forward (at most `steps` times) until `shown` is on screen, and returns it. Each
 * look waits for the view's jobs to arrive first: stepping on before they do (1.5 s was too little for a
 * cold start on a loaded machine) walks past the week that has them.
 */
export async function stepUntilShown(page: Page, shown: Locator, steps = 7): Promise<Locator> {
  const isShown = (timeout: number) =>
    shown.waitFor({ timeout }).then(
      () => true,
      () => false,
    );
  // The first view's jobs may still be loading after the sign-in: give them the longest wait.
  if (await isShown(FIRST_VIEW_MS)) return shown;
  for (let step = 1; step < steps; step++) {
    const loaded = page.waitForResponse((r) => r.url().includes('/api/jobs') && r.request().method() === 'GET', {
      timeout: within(3 * FIRST_VIEW_MS),
    });
    await page.getByRole('button', { name: 'Next' }).click();
    await loaded.catch(() => undefined);
    if (await isShown(1500)) return shown;
  }
  throw new Error(`not on the calendar after ${steps - 1} steps forward: ${shown}`);
}

/** Until the calendar shows at least one job, step forward (the demo week is next week at weekends). */
export const showDemoWeek = (page: Page) =>
  stepUntilShown(page, page.locator('.fc-event, [data-row-id] button').first());

/**
 * The built app on a fresh demo organization and one Chromium for a browser suite, started before
 * its tests and stopped after: `const env = appInBrowser();` then `env.app`, `env.browser`.
 */
export function appInBrowser(appEnv: Record<string, string> = {}): {
  readonly app: StartedApp;
  readonly browser: Browser;
} {
  const env = {} as { app: StartedApp; browser: Browser };
  beforeAll(async () => {
    env.app = await startBuiltApp(appEnv);
    env.browser = await launchBrowser();
  }, within(120_000));
  afterAll(async () => {
    await env.browser?.close();
    await env.app?.stop();
  });
  return env;
}
