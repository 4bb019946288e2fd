import { describe, expect, it } from 'vitest';
import { createAthlete, createCoach, createRequest } from '../integration/matches-fixtures.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { DESKTOP, PHONE, screenshotToLookAt, useServerAndBrowser, visible, watchPageProblems } from '../support/browser.ts';
import { noBrowser } from '../support/requirements.ts';

/**
 * The staff's insights console (/support/insights) in Chromium: refused and accepted sign-ins, the
 * figures on a desktop and a phone (axe, nothing wider than its box), and signing out.
 */
describe.skipIf(noBrowser)('insights console in Chromium', () => {
  const env = useServerAndBrowser();

  it('signs in with the console credentials, shows every figure within its box at 1280 and 390 px, and signs out', async () => {
    const { services } = env.server;
    await createAthlete(services, 'Lucía Fernández', { nationality: 'Spain' });
    const coach = await createCoach(services);
    await createRequest(services, coach.id, { positions: ['Forward'], teamCategories: ["Women's Team"] });

    for (const viewport of [DESKTOP, PHONE]) {
      const context = await env.browser.newContext({ viewport });
      const page = await context.newPage();
      const problems = watchPageProblems(page);
      await page.goto(`${env.server.baseUrl}/support/insights`);
      await page.getByLabel('Username').fill('staff');
      if (viewport === DESKTOP) {
        await page.getByLabel('Password').fill('not-the-password');
        await page.getByRole('button', { name: 'Unlock insights' }).click();
        await visible(page.getByRole('alert').getByText('Invalid insights username or password.'));
        // The refused password leaves the form.
        expect(await page.getByLabel('Password').inputValue()).toBe('');
      }
      await page.getByLabel('Password').fill('insights-test-password');
      await page.getByRole('button', { name: 'Unlock insights' }).click();
      await visible(page.getByRole('heading', { name: 'Sent by kind' }));
      await visible(page.getByText('Lucía Fernández'));
      expect(await seriousAxeViolations(page, 'main#main'), `console at ${viewport.width}`).toEqual([]);
      // Nothing scrolls sideways: not the page, and on a desktop not a table within its card
      // (a notification kind's long name once pushed the counts out of sight).
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      const overflowing = await page
        .locator('.table-scroll')
        .evaluateAll((boxes) => boxes.filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => box.getAttribute('aria-labelledby')));
      expect(overflowing, `tables wider than their box at ${viewport.width}`).toEqual([]);
      await screenshotToLookAt(page, `insights-${viewport.width}`, { fullPage: true });

      await page.getByRole('button', { name: 'Sign out' }).click();
      await visible(page.getByRole('button', { name: 'Unlock insights' }));
      expect(await page.getByText('Lucía Fernández').count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    }
  });
});
