import type { BrowserContext, Locator, Page } from 'playwright-core';
import { appInBrowser, demoAccount, DESKTOP, pageSignedIn, PHONE, screenshotWithoutToasts } from '../support/browser';
import { within } from '../support/time';
import { seriousViolations } from '../support/axe';

const ZONE = 'America/New_York'; // the demo organization's
/** The Associate's jobs in the demo week: the three visits rotate over the crew, the meeting has all of them. */
const ALEX_JOBS = ['Office cleaning', 'Lawn and hedges', 'Pest inspection', 'Team safety meeting'];
/** A job of nobody's (open for pick-up): in the organization's feed, in no person's. */
const OPEN_JOB = 'Gutter cleaning';

/** A calendar app reading the feed: no session, no cookie. */
async function readFeed(url: string) {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
}

async function expectFeed(url: string, holds: string[], lacks: string[] = []) {
  const feed = await readFeed(url);
  expect(feed.status).toBe(200);
  expect(feed.type).toMatch(/^text\/calendar/);
  expect(feed.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
  for (const summary of holds) expect(feed.body).toContain(`\r\nSUMMARY:${summary}\r\n`);
  for (const summary of lacks) expect(feed.body).not.toContain(`\r\nSUMMARY:${summary}\r\n`);
}

const expectGone = async (url: string) => expect((await readFeed(url)).status).toBe(404);

/** A confirm dialog, answered. */
async function confirm(page: Page, title: string, answer: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: answer }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The add-to-calendar links of a shown address: webcal for Apple and Google, https for Outlook, a new tab for the web ones. */
async function expectAddLinks(part: Locator, url: string) {
  const webcal = url.replace(/^https?:/, 'webcal:');
  const google = part.getByRole('link', { name: 'Add to Google Calendar' });
  const outlook = part.getByRole('link', { name: 'Add to Outlook' });
  await expect(google.getAttribute('href')).resolves.toBe(
    `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
  );
  await expect(part.getByRole('link', { name: 'Add to Apple Calendar' }).getAttribute('href')).resolves.toBe(webcal);
  await expect(outlook.getAttribute('href')).resolves.toBe(
    `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(url)}&name=CrewClock`,
  );
  for (const link of [google, outlook]) {
    await expect(link.getAttribute('target')).resolves.toBe('_blank');
    await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer');
  }
}

/**
 * The link field's address once a link is shown: the webcal:// one calendar apps subscribe with (issue #44), returned
 * as the web address the test apps serve it at (http).
 */
async function shownUrl(part: Locator): Promise<string> {
  const shown = await part.getByRole('textbox', { name: 'Calendar feed link' }).inputValue();
  expect(shown).toMatch(/^webcal:\/\//);
  return shown.replace(/^webcal:/, 'http:');
}

/** What the check below reads of an element (the tests compile without the DOM's types). */
interface Boxed {
  getBoundingClientRect(): { left: number; right: number; width: number };
  querySelectorAll(selector: string): ArrayLike<Boxed>;
  tagName: string;
  className: unknown;
  textContent: string | null;
  ownerDocument: { documentElement: { clientWidth: number; scrollWidth: number } };
}

/** The feed's part holds everything in it, the long link field included (it scrolls its text), and the page is not wider. */
async function expectNoOverflow(part: Locator) {
  const outside = await part.evaluate((element: Boxed) => {
    const box = element.getBoundingClientRect();
    const page = element.ownerDocument.documentElement;
    const sticking = Array.from(element.querySelectorAll('*'))
      .filter((e) => {
        const b = e.getBoundingClientRect();
        return b.width > 0 && (b.right > box.right + 0.5 || b.left < box.left - 0.5);
      })
      .map((e) => `${e.tagName}.${String(e.className)} "${(e.textContent ?? '').slice(0, 40)}"`);
    return { sticking, pageWider: page.scrollWidth > page.clientWidth, partWider: box.right > page.clientWidth };
  });
  expect(outside).toEqual({ sticking: [], pageWider: false, partWider: false });
}

const shot = screenshotWithoutToasts;

/** "Today" in the organization's zone as the card names a day: 'Nov 27, 2026'. */
const today = () =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: ZONE }).format(
    new Date(),
  );

/** My Profile's "Calendar feed" (issue #31 item 1): a subscription link of my jobs, and a manager's of every job. */
describe('the calendar feed on My Profile, in a browser', () => {
  const env = appInBrowser();
  /** A link the server made: its public address, /calendar/, a 32-byte token. */
  const expectFeedLink = (url: string) => {
    expect(url.startsWith(`${env.app.url}/calendar/`)).toBe(true);
    expect(url.slice(`${env.app.url}/calendar/`.length)).toMatch(/^[\w-]{43}\.ics$/);
  };
  const account = (role: Parameters<typeof demoAccount>[1]) => demoAccount(env.app.output, role);

  describe.each([
    { width: 'phone', viewport: PHONE },
    { width: 'desktop', viewport: DESKTOP },
  ])('at $viewport.width px', ({ width, viewport }) => {
    let context: BrowserContext | undefined;
    afterEach(async () => {
      await context?.close();
      context = undefined;
    });

    it(
      'an Associate makes the link, copies it, adds it, sees it on later without it, resets it and turns it off',
      async () => {
        const signedIn = await pageSignedIn(env.browser, env.app.url, account('Associate'), '/profile', viewport);
        ({ context } = signedIn);
        const { page } = signedIn;
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.app.url });
        const part = page.getByRole('region', { name: 'Your jobs' });
        await part.getByRole('button', { name: 'Create feed link' }).click();
        await page.getByText('Your calendar feed link is ready').waitFor();

        // Made: the address, shown this once, with the ways to use it.
        const url = await shownUrl(part);
        expectFeedLink(url);
        await expectAddLinks(part, url);
        await part
          .getByText('for your security it is shown only once. Anyone with the link can see your jobs.')
          .waitFor();
        await expect(page.getByRole('region', { name: 'Organization feed' }).count()).resolves.toBe(0);
        await expect(page.getByText('Organization feed').count()).resolves.toBe(0);
        await part.getByRole('button', { name: 'Copy link' }).click();
        await page.getByText('Link copied').waitFor();
        await expect(page.evaluate('navigator.clipboard.readText()')).resolves.toBe(url.replace(/^http:/, 'webcal:'));
        // The web address too, for an app that asks for one.
        // Its toast takes the place of the first (#44 item 14): what tells is the clipboard.
        await part.getByRole('button', { name: 'Copy http link' }).click();
        const copied = () => page.evaluate('navigator.clipboard.readText()');
        for (const until = Date.now() + within(10_000); Date.now() < until && (await copied()) !== url;)
          await page.waitForTimeout(50);
        await expect(copied()).resolves.toBe(url);
        await page.getByText('Link copied').waitFor();
        await expectNoOverflow(part);
        await shot(page, `calendar-feed-${width}`);

        // A calendar app reads it with nothing but the link: the Associate's own jobs, not the open one.
        await expectFeed(url, ALEX_JOBS, [OPEN_JOB]);

        // A later visit knows the feed is on and since when, not its link.
        await page.reload();
        await part
          .getByText(
            `Your calendar feed is on since ${today()}. Its link was shown when it was made; reset it to get a new one.`,
          )
          .waitFor();
        await expect(part.getByRole('textbox', { name: 'Calendar feed link' }).count()).resolves.toBe(0);
        await shot(page, `calendar-feed-on-${width}`);

        // Reset: a new link; the old one is gone.
        await part.getByRole('button', { name: 'Reset link' }).click();
        await page
          .getByText('Calendars subscribed to the current link stop updating until you add the new one.')
          .waitFor();
        await confirm(page, 'Reset the calendar feed link?', 'Reset link');
        const resetUrl = await shownUrl(part);
        expect(resetUrl).not.toBe(url);
        await expectAddLinks(part, resetUrl);
        await expectGone(url);
        await expectFeed(resetUrl, ALEX_JOBS);

        // Off: the new link is gone too, and the card offers a link again.
        await part.getByRole('button', { name: 'Turn off' }).click();
        await page.getByText('Calendars subscribed to it stop updating.').waitFor();
        await confirm(page, 'Turn off the calendar feed?', 'Turn off');
        await page.getByText('Your calendar feed link was turned off').waitFor();
        await part.getByRole('button', { name: 'Create feed link' }).waitFor();
        await expect(part.getByRole('textbox', { name: 'Calendar feed link' }).count()).resolves.toBe(0);
        await expectGone(resetUrl);
      },
      within(120_000),
    );

    it(
      "a manager has the organization's feed too, for everyone or one person",
      async () => {
        const signedIn = await pageSignedIn(env.browser, env.app.url, account('Company Admin'), '/profile', viewport);
        ({ context } = signedIn);
        const { page } = signedIn;
        await page
          .getByRole('region', { name: 'Your jobs' })
          .getByRole('button', { name: 'Create feed link' })
          .waitFor();
        const part = page.getByRole('region', { name: 'Organization feed' });
        await part.getByRole('button', { name: 'Create feed link' }).click();
        await page.getByText('Your calendar feed link is ready').waitFor();
        const url = await shownUrl(part);
        expectFeedLink(url);
        await expectAddLinks(part, url);

        // One person's jobs: the address and the add-links say ?person=.
        await part.getByLabel('Only this person', { exact: true }).click();
        await page.getByRole('option', { name: 'Alex Kim' }).click();
        const alexUrl = await shownUrl(part);
        expect(alexUrl.startsWith(`${url}?person=`)).toBe(true);
        expect(alexUrl.slice(url.length)).toMatch(/^\?person=[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/);
        await expectAddLinks(part, alexUrl);
        await expectNoOverflow(part);
        await shot(page, `calendar-feed-manager-${width}`);
        await expect(seriousViolations(page)).resolves.toEqual([]);
        await expectFeed(alexUrl, ALEX_JOBS, [OPEN_JOB]);
        // Everyone's: the open job too.
        await expectFeed(url, [...ALEX_JOBS, OPEN_JOB]);
        await part.getByLabel('Only this person', { exact: true }).click();
        await page.getByRole('option', { name: 'Everyone' }).click();
        await expect(shownUrl(part)).resolves.toBe(url);

        // Turned off, for the next width to start from nothing.
        await part.getByRole('button', { name: 'Turn off' }).click();
        await confirm(page, 'Turn off the organization calendar feed?', 'Turn off');
        await part.getByRole('button', { name: 'Create feed link' }).waitFor();
        await expectGone(url);
      },
      within(120_000),
    );
  });
});
