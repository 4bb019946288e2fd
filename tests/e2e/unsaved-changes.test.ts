import { hashPassword } from '@app/api/auth/passwords';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import { openPage, PHONE, screenshotToLookAt, useServerAndBrowser, visible } from '../support/browser.ts';
import { noBrowser } from '../support/requirements.ts';
import { createSignedInUser } from '../support/users.ts';

/**
 * Unsaved changes in the app itself (issue 15, forms): leaving a changed form inside the app asks
 * in a dialog (Cancel stays, confirming leaves), reloading the tab asks the browser's question,
 * and an unchanged form leaves freely. What was typed and not saved is kept in the tab
 * (ui/formDraft.ts): an ended session's sign-in brings it back; leaving without saving drops it.
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

    // Left without saving: the changes are not brought back.
    await page.goto(`${env.server.baseUrl}/coach-profile`);
    await visible(page.getByLabel('Job title *'));
    expect(await page.getByLabel('Job title *').inputValue()).toBe('');
    expect(await page.getByText('We brought back the changes you had not saved').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps what a coach typed when the session ends, and brings it back after signing in again', async () => {
    const { db } = env.server.services;
    const coach = await createSignedInUser(env.server.services, 'coach', { firstName: 'Noa', lastName: 'Ibarra' });
    await db
      .updateTable('users')
      .set({ password_hash: await hashPassword('coach-pass-7') })
      .where('id', '=', coach.id)
      .execute();
    const created = await env.server.app.inject({
      method: 'POST',
      url: '/api/coach/requests',
      headers: { cookie: coach.cookie },
      payload: { positions: ['Winger'], ageMin: 16, ageMax: 30, openToTransfer: true, minGpa: 3.2 },
    });
    const requestId = created.json<{ _id: string }>()._id;
    const editUrl = `${env.server.baseUrl}/coach-requests/${requestId}/edit`;
    const { context, page, problems } = await openPage(env.browser, env.server.baseUrl, coach, PHONE);
    await page.goto(editUrl);
    const minGpa = page.getByLabel('Minimum GPA');
    await visible(minGpa);
    await minGpa.fill('3.4');
    await page.getByLabel('Maximum age').fill('21');

    // The session is revoked while the coach types; Save answers 401 and the sign-in replaces the form.
    await db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', coach.id).execute();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL('**/coach-login');
    await visible(page.getByText('Your session ended; sign in again'));
    await page.getByLabel('Email', { exact: true }).fill(coach.email);
    await page.getByLabel('Password', { exact: true }).fill('coach-pass-7');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL(editUrl);
    const notice = page.getByRole('status').filter({ hasText: 'We brought back the changes you had not saved. Check them before you go on.' });
    await visible(notice);
    expect(await minGpa.inputValue()).toBe('3.4');
    expect(await page.getByLabel('Maximum age').inputValue()).toBe('21');
    expect(await seriousAxeViolations(page, 'main')).toEqual([]);
    await screenshotToLookAt(page, 'draft-restored-phone', { fullPage: true });

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(`**/coach-requests?request=${requestId}`);
    const stored = await db.selectFrom('coach_requests').select('data').where('id', '=', requestId).executeTakeFirstOrThrow();
    expect(stored.data).toMatchObject({ minGpa: 3.4, ageMax: 21 });

    // Saved: opening the form again shows what was saved, with nothing brought back.
    await page.goto(editUrl);
    await visible(minGpa);
    expect(await minGpa.inputValue()).toBe('3.4');
    expect(await notice.count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
