import { describe, expect, it } from 'vitest';
import { openPage, useServerAndBrowser, visible } from '../support/browser.ts';
import { noBrowser } from '../support/requirements.ts';
import { createSignedInUser } from '../support/users.ts';

/**
 * Unsaved changes in the app itself (issue 15, forms): leaving a changed form inside the app asks
 * in a dialog (Cancel stays, confirming leaves), reloading the tab asks the browser's question,
 * and an unchanged form leaves freely.
 */
describe.skipIf(noBrowser)('unsaved changes in Chromium', () => {
  const env = useServerAndBrowser();

  it('asks before leaving a changed program profile, in the app and on reload', async () => {
    const coach = await createSignedInUser(env.server.services, 'coach', { firstName: 'Dana', lastName: 'Reyes' });
    const { context, page, problems } = await openPage(env.browser, env.server.baseUrl, coach);
    await page.goto(`${env.server.baseUrl}/coach-profile`);
    await visible(page.getByLabel('Job title *'));

    // Unchanged: Cancel leaves at once.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL('**/coach-dashboard');
    await page.goBack();
    await visible(page.getByLabel('Job title *'));

    await page.getByLabel('Job title *').click(); // a real click: Chromium asks on unload only after a user gesture
    await page.getByLabel('Job title *').fill('Head Coach');
    await page.getByRole('link', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/coach-profile');
    expect(await page.getByLabel('Job title *').inputValue()).toBe('Head Coach');

    // Reloading asks the browser's own question; dismissing it keeps the page and the changes.
    const asked: string[] = [];
    page.once('dialog', (question) => {
      asked.push(question.type());
      void question.dismiss();
    });
    await page.reload({ timeout: 2000 }).catch(() => undefined);
    expect(asked).toEqual(['beforeunload']);
    expect(await page.getByLabel('Job title *').inputValue()).toBe('Head Coach');

    await page.getByRole('link', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL('**/coach-dashboard');
    expect(problems).toEqual([]);
    await context.close();
  });
});
