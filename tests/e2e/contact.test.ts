import { describe, expect, it } from 'vitest';
import { DESKTOP, visible, watchPageProblems, useServerAndBrowser } from '../support/browser.ts';
import { noBrowser } from '../support/requirements.ts';

describe.skipIf(noBrowser)('contact form in Chromium', () => {
  const env = useServerAndBrowser();

  it('shows validation messages for empty fields, then sends and resets', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const problems = watchPageProblems(page);
    await page.goto(`${env.server.baseUrl}/contact`);
    await page.getByRole('button', { name: 'Send message' }).click();
    for (const message of [
      'Please let us know who we’re speaking with',
      'Your email helps us reply',
      'Let us know why you’re reaching out',
      'Please include a brief message',
    ]) {
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

    const stored = await env.server.services.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Marco Rossi', email: 'marco@example.com', subject: 'Partnership' });
    expect(problems).toEqual([]);
    await page.close();
  });
});
