import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  appInBrowser,
  demoAccount,
  DESKTOP,
  LIVE_MS,
  newContext,
  PHONE,
  screenshotPath,
  signIn,
} from '../support/browser';
import { within } from '../support/time';

/** A small real PDF (what the server checks is its content, not its name). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Customers in Debian's Chromium: a manager works through a customer while a second manager watches. */
describe('customers in a browser', () => {
  const env = appInBrowser();
  const folder = mkdtempSync(join(tmpdir(), 'crewclock-customers-'));
  const pdfPath = join(folder, 'service-contract.pdf');
  writeFileSync(pdfPath, PDF);

  async function addCustomer(page: Page, company: string) {
    await page.getByRole('button', { name: 'Add Customer' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Customer' });
    await modal.getByRole('textbox', { name: 'Company name' }).fill(company);
    await modal.getByRole('textbox', { name: 'Contact first name' }).fill('Nora');
    await modal.getByRole('textbox', { name: 'Contact last name' }).fill('Quinn');
    await modal.getByRole('textbox', { name: 'Email' }).fill('nora@lakeside.example');
    // Typed as digits, shown masked.
    const phone = modal.getByRole('textbox', { name: 'Phone' });
    await phone.pressSequentially('5552013344');
    expect(await phone.inputValue()).toBe('(555) 201-3344');
    await modal.getByRole('textbox', { name: 'Address line 1' }).fill('14 Lakeside Road');
    await modal.getByRole('textbox', { name: 'City' }).fill('Springfield');
    await modal.getByRole('textbox', { name: 'State/province' }).fill('NJ');
    return modal;
  }

  async function uploadPdf(page: Page) {
    await page.getByRole('button', { name: 'Upload' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Upload a document' });
    await modal.locator('input[type="file"]').setInputFiles(pdfPath);
    // The name starts as the file's, without its extension.
    expect(await modal.getByRole('textbox', { name: 'File name' }).inputValue()).toBe('service-contract');
    await modal.getByRole('textbox', { name: 'File name' }).fill('Service contract 2026');
    await modal.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Attachment has been created').waitFor();
  }

  it(
    'adds, finds, opens, documents, edits and deletes a customer, each change live on a second manager’s screens',
    async () => {
      const context = await newContext(env.browser, env.app.url, DESKTOP);
      const page = await context.newPage();
      await signIn(page, demoAccount(env.app.output, 'Customer Manager'), '/customers');
      const watcherContext = await newContext(env.browser, env.app.url, DESKTOP);
      const watcher = await watcherContext.newPage();
      await signIn(watcher, demoAccount(env.app.output, 'Company Admin'), '/customers');
      await watcher.getByRole('link', { name: 'Harbor View Apartments' }).waitFor();

      // A required field left empty says so; then the customer is added.
      const modal = await addCustomer(page, 'Lakeside Dental');
      await modal.getByRole('textbox', { name: 'Contact first name' }).fill('');
      await modal.getByRole('button', { name: 'Add customer' }).click();
      await modal.getByText('Contact first name is required').waitFor();
      await page.screenshot({ path: screenshotPath('customer-add-desktop') });
      await modal.getByRole('textbox', { name: 'Contact first name' }).fill('Nora');
      await modal.getByRole('button', { name: 'Add customer' }).click();
      await page.getByText('Customer has been created').waitFor();
      // The other manager's open list shows it without reload.
      await watcher.getByRole('link', { name: 'Lakeside Dental' }).waitFor({ timeout: LIVE_MS });

      // Found by a search (debounced), and opened.
      await page.getByRole('textbox', { name: 'Search customers' }).fill('lakeside');
      await page.getByText('Showing 1–1 of 1').waitFor();
      await page.screenshot({ path: screenshotPath('customers-search-desktop') });
      await page.getByRole('link', { name: 'Lakeside Dental' }).click();
      await page.getByRole('heading', { name: 'Lakeside Dental' }).waitFor();
      await page.getByRole('link', { name: '(555) 201-3344' }).waitFor();
      expect(await page.getByRole('link', { name: 'Open in maps' }).getAttribute('target')).toBe('_blank');
      await page.getByText('No notes are documented for this customer').waitFor();
      await watcher.getByRole('link', { name: 'Lakeside Dental' }).click();
      const watched = watcher.getByRole('region', { name: 'Attached Documents' });
      await watched.getByText('No results found').waitFor();

      // A PDF goes up, comes back byte for byte, and shows on the other screen.
      await uploadPdf(page);
      const documents = page.getByRole('region', { name: 'Attached Documents' });
      await documents.getByRole('link', { name: 'Service contract 2026', exact: true }).waitFor();
      await watched.getByRole('link', { name: 'Service contract 2026', exact: true }).waitFor({ timeout: LIVE_MS });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        documents.getByRole('link', { name: 'Download Service contract 2026' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('service-contract.pdf');
      expect(readFileSync((await download.path())!).equals(PDF)).toBe(true);
      await page.screenshot({ path: screenshotPath('customer-detail-desktop'), fullPage: true });

      // The document is deleted after a confirmation that says it cannot be undone.
      await documents.getByRole('button', { name: 'Delete Service contract 2026' }).click();
      await page.getByText('This action cannot be undone.').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Attachment was deleted').waitFor();
      await watched.getByText('No results found').waitFor({ timeout: LIVE_MS });

      // Edited: the other screen follows.
      await page.getByRole('button', { name: 'Edit Customer' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Lakeside Dental' });
      await edit.getByRole('textbox', { name: 'Billing frequency' }).fill('Monthly');
      await edit.getByRole('textbox', { name: 'Notes' }).fill('Gate code 4411. Park behind the clinic.');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Customer has been updated').waitFor();
      await watcher.getByText('Gate code 4411. Park behind the clinic.').waitFor({ timeout: LIVE_MS });
      await watcher.getByText('Monthly').waitFor();

      // Deleted from the list: the other manager's open detail says it is gone.
      await page.getByRole('link', { name: 'Go Back' }).click();
      await page.getByRole('textbox', { name: 'Search customers' }).fill('lakeside');
      await page.getByText('Showing 1–1 of 1').waitFor();
      await page.getByRole('button', { name: 'Delete Lakeside Dental' }).click();
      await page.getByText('This action cannot be undone.').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Customer was deleted').waitFor();
      await page.getByText('No results found').waitFor();
      await watcher.getByText('Customer not found').waitFor({ timeout: LIVE_MS });
      await watcher.screenshot({ path: screenshotPath('customer-deleted-elsewhere-desktop') });
      await watcherContext.close();
      await context.close();
    },
    within(120_000),
  );

  it(
    'works on a phone: cards, the masked phone, a document up and back, an edit, and delete',
    async () => {
      const context = await newContext(env.browser, env.app.url, PHONE);
      const page = await context.newPage();
      await signIn(page, demoAccount(env.app.output, 'Company Admin'), '/customers');
      const cards = page.getByRole('list', { name: 'Customers' });
      await cards.getByRole('listitem', { name: 'Harbor View Apartments' }).waitFor();
      await page.screenshot({ path: screenshotPath('customers-phone'), fullPage: true });

      const modal = await addCustomer(page, 'Birchwood Cafe');
      await page.screenshot({ path: screenshotPath('customer-add-phone') });
      await modal.getByRole('button', { name: 'Add customer' }).click();
      await page.getByText('Customer has been created').waitFor();
      await page.getByRole('textbox', { name: 'Search customers' }).fill('birchwood');
      await cards.getByRole('listitem', { name: 'Birchwood Cafe' }).getByText('(555) 201-3344').click();
      await page.getByRole('heading', { name: 'Birchwood Cafe' }).waitFor();
      await uploadPdf(page);
      await page
        .getByRole('list', { name: 'Documents' })
        .getByRole('listitem', { name: 'Service contract 2026' })
        .waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download Service contract 2026' }).click(),
      ]);
      expect(readFileSync((await download.path())!).equals(PDF)).toBe(true);
      await page.getByRole('button', { name: 'Edit Customer' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Birchwood Cafe' });
      await edit.getByRole('textbox', { name: 'Billing frequency' }).fill('Every two weeks');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Customer has been updated').waitFor();
      await page.getByText('Every two weeks').waitFor();
      await page.screenshot({ path: screenshotPath('customer-detail-phone'), fullPage: true });
      // Nothing wider than the screen.
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);

      await page.getByRole('link', { name: 'Go Back' }).click();
      await page.getByRole('textbox', { name: 'Search customers' }).fill('birchwood');
      await cards.getByRole('button', { name: 'Delete Birchwood Cafe' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Customer was deleted').waitFor();
      await page.getByText('No results found').waitFor();
      await context.close();
    },
    within(90_000),
  );
});
