import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, visible, watchPageProblems } from '../support/browser.ts';
import { startTestServer } from '../support/harness.ts';
import { noBrowser } from '../support/requirements.ts';

describe.skipIf(noBrowser)('contact form in Chromium', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows validation messages for empty fields, then sends and resets', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const problems = watchPageProblems(page);
    await page.goto(`${server.baseUrl}/contact`);
    await page.getByRole('button', { name: 'Send message' }).click();
    for (const message of ['Please let us know who we’re speaking with', 'Your email helps us reply', 'Let us know why you’re reaching out', 'Please include a brief message']) {
      await visible(page.getByText(message));
    }
    await page.getByLabel('Name', { exact: true }).fill('Marco Rossi');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Send message' }).click();
    await visible(page.getByText('Enter a valid email'));

    await page.getByLabel('Email', { exact: true }).fill('marco@example.com');
    await page.getByLabel('Subject', { exact: true }).selectOption('Partnership');
    await page.getByLabel('Message', { exact: true }).fill('We represent 12 players from Italy.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await visible(page.getByText('Thanks for reaching out! We’ll respond soon.'));
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('');

    const stored = await server.services.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Marco Rossi', email: 'marco@example.com', subject: 'Partnership' });
    expect(problems).toEqual([]);
    await page.close();
  });
});
