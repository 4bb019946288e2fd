import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import * as budgetMigration from '../../migrations/2026-11-23T15-00_budget-never-chosen.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { DESKTOP, PHONE, screenshotToLookAt, useServerAndBrowser, visible, watchPageProblems } from '../support/browser.ts';
import { COMPLETE_ATHLETE_PROFILE } from '../support/fixtures.ts';
import { noBrowser } from '../support/requirements.ts';
import { createSignedInUser } from '../support/users.ts';

/** A complete profile saved with the old slider's silent 0 budget. */
const LEGACY_PROFILE = { ...COMPLETE_ATHLETE_PROFILE, estimatedBudget: 0 };

const VIEWPORTS = [
  ['1280', DESKTOP],
  ['390', PHONE],
] as const;

describe.skipIf(noBrowser)('budget prompt, role navigation and not-found pages in Chromium', () => {
  const env = useServerAndBrowser();

  async function signedIn(cookie: string, viewport: { width: number; height: number } = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
    const context = await env.browser.newContext({ viewport });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: env.server.baseUrl }]);
    context.setDefaultTimeout(10_000);
    return { context, page: await context.newPage() };
  }

  async function legacyAthlete() {
    const athlete = await createSignedInUser(env.server.services, 'athlete', { fullName: 'Lucía Pérez' });
    const res = await env.server.app.inject({ method: 'PUT', url: '/api/athlete/profile', headers: { cookie: athlete.cookie }, payload: LEGACY_PROFILE });
    expect(res.statusCode).toBe(200);
    await budgetMigration.up(env.server.services.db);
    return athlete;
  }

  for (const [width, viewport] of VIEWPORTS) {
    it(`S15 at ${width}: a budget nobody chose shows as not set, is asked about once on the dashboard, and "Not now" keeps it away`, async () => {
      const athlete = await legacyAthlete();
      const { context, page } = await signedIn(athlete.cookie, viewport);
      const problems = watchPageProblems(page);
      await page.goto(`${env.server.baseUrl}/athlete-dashboard`, { waitUntil: 'networkidle' });
      const prompt = page.getByRole('region', { name: 'Your yearly budget is not set' });
      await visible(prompt);
      await visible(prompt.getByText(/Programs are matched on what you can afford/));
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The next-step cards: on a phone each icon stands beside its title (compact cards), on a desktop above it.
      const card = page.locator('.action-card').first();
      const icon = (await card.locator('.action-icon').boundingBox())!;
      const title = (await card.locator('h3').boundingBox())!;
      expect(title.x >= icon.x + icon.width, `icon beside the title at ${width}`).toBe(viewport.width <= 600);
      await screenshotToLookAt(page, `athux-budget-prompt-${width}`);

      await page.goto(`${env.server.baseUrl}/athlete-profile`);
      await visible(page.getByText('Not set'));

      await page.goto(`${env.server.baseUrl}/athlete-dashboard`);
      await prompt.getByRole('button', { name: 'Not now' }).click();
      await prompt.waitFor({ state: 'detached' });
      await page.reload({ waitUntil: 'networkidle' });
      await visible(page.getByRole('heading', { name: 'Welcome, Lucía' }));
      expect(await prompt.count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('S15: "Set your budget" opens the form on the slider; the top band is reachable by keyboard and saved as 60000; out-of-scale averages are refused', async () => {
    const athlete = await legacyAthlete();
    const { context, page } = await signedIn(athlete.cookie);
    const problems = watchPageProblems(page);
    await page.goto(`${env.server.baseUrl}/athlete-dashboard`);
    await page.getByRole('link', { name: 'Set your budget' }).click();
    const budget = page.getByRole('slider', { name: /Estimated yearly budget/ });
    await visible(budget);
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'range');
    expect(await budget.getAttribute('aria-valuetext')).toBe('Not set');
    await screenshotToLookAt(page, 'athux-budget-slider-unset');

    // An 11 on the 0-10 scale is refused with the field's message, and gives no GPA.
    const average = page.getByLabel('Academic average (0–10) *');
    await average.fill('11');
    await visible(page.getByText('Maximum is 10'));
    expect(await page.getByLabel('GPA (4.0 scale)').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Save profile' }).click();
    const banner = page.locator('form .notice-error');
    await visible(banner);
    await average.fill('9');
    expect(await page.getByLabel('GPA (4.0 scale)').inputValue()).toBe('3.6');
    // The budget is still unset: the banner stays until it is chosen, then goes.
    await visible(page.getByText(/Choose your yearly budget/));
    expect(await banner.textContent()).toBe('Please review the highlighted fields.');
    await budget.focus();
    await page.keyboard.press('End');
    expect(await budget.getAttribute('aria-valuetext')).toBe('$50,000+');
    await banner.waitFor({ state: 'detached' });
    await screenshotToLookAt(page, 'athux-budget-slider-top');
    await page.keyboard.press('ArrowLeft');
    expect(await budget.getAttribute('aria-valuetext')).toBe('$50,000');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.waitForURL(`${env.server.baseUrl}/athlete-dashboard`);
    await visible(page.getByRole('heading', { name: 'Welcome, Lucía' }));
    expect(await page.getByRole('region', { name: 'Your yearly budget is not set' }).count()).toBe(0);
    const row = await env.server.services.db.selectFrom('athletes').select('profile').where('id', '=', athlete.id).executeTakeFirstOrThrow();
    expect(row.profile).toMatchObject({ estimatedBudget: 60000, academicStanding: 9, gpa: 3.6 });
    expect(row.profile).not.toHaveProperty('budgetUnconfirmed');
    expect(problems).toEqual([]);
    await context.close();
  });

  const ROLE_LINKS = [
    [
      'athlete',
      '/athlete-dashboard',
      ['Dashboard', 'Profile', 'Matches', 'Messages'],
      ['/athlete-dashboard', '/athlete-profile', '/athlete-matches', '/messages'],
    ],
    ['coach', '/coach-requests', ['Requests', 'Profile', 'Messages'], ['/coach-requests', '/coach-profile', '/messages']],
    ['agent', '/agent-dashboard', ['Dashboard', 'Players', 'Messages'], ['/agent-dashboard', '/agent/players', '/messages']],
  ] as const;

  for (const [width, viewport] of VIEWPORTS) {
    for (const [role, path, labels, hrefs] of ROLE_LINKS) {
      it(`at ${width}, a signed-in ${role} sees their own links in the top bar and no Get Started, by keyboard too`, async () => {
        // One agent per agency (decision A3): each viewport's agent has its own.
        const user = await createSignedInUser(env.server.services, role, role === 'agent' ? { agency: viewport === PHONE ? 'Mae' : 'Eture' } : {});
        const { context, page } = await signedIn(user.cookie, viewport);
        const problems = watchPageProblems(page);
        await page.goto(`${env.server.baseUrl}${path}`, { waitUntil: 'networkidle' });
        const banner = page.getByRole('banner');
        await visible(banner.getByRole('button', { name: /account menu/ }));
        const nav = page.getByRole('navigation', { name: 'Primary' });
        if (viewport === PHONE) {
          // The phone menu opens from the keyboard and closes with Escape, focus back on its button.
          const toggle = banner.getByRole('button', { name: 'Menu', exact: true });
          await toggle.focus();
          await page.keyboard.press('Enter');
          await visible(nav);
          // Focus moves into the menu, and Tab walks its links.
          expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(labels[0]);
          await page.keyboard.press('Tab');
          expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(labels[1]);
          await screenshotToLookAt(page, `athux-nav-${role}-${width}-open`);
          expect(await seriousAxeViolations(page, 'header.topbar')).toEqual([]);
          await page.keyboard.press('Escape');
          expect(await nav.isVisible()).toBe(false);
          expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
          await toggle.click();
        }
        await visible(nav.getByRole('link', { name: labels[0], exact: true }));
        expect(await nav.getByRole('link').allTextContents()).toEqual([...labels]);
        expect(await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([...hrefs]);
        expect(await nav.getByRole('link', { name: 'Pricing' }).count()).toBe(0);
        expect(await banner.getByRole('link', { name: 'Get Started' }).count()).toBe(0);
        expect(await seriousAxeViolations(page, 'header.topbar')).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshotToLookAt(page, `athux-nav-${role}-${width}`);

        // Keyboard: the links are reachable and followable.
        if (viewport === DESKTOP) {
          await nav.getByRole('link', { name: labels[1], exact: true }).focus();
          await page.keyboard.press('Enter');
          await page.waitForURL(`${env.server.baseUrl}${hrefs[1]}`);
          await nav.locator(`a[aria-current="page"][href="${hrefs[1]}"]`).waitFor();
        }
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }

  it('a signed-in user on a public page keeps the marketing links, without Get Started', async () => {
    const athlete = await createSignedInUser(env.server.services, 'athlete', { fullName: 'Ana Torres' });
    const { context, page } = await signedIn(athlete.cookie);
    await page.goto(`${env.server.baseUrl}/faq`, { waitUntil: 'networkidle' });
    const banner = page.getByRole('banner');
    await visible(banner.getByRole('button', { name: /account menu/ }));
    await visible(banner.getByRole('link', { name: 'Pricing' }));
    expect(await banner.getByRole('link', { name: 'Get Started' }).count()).toBe(0);
    await context.close();
  });

  it('says so while the browser is offline; a page whose code cannot be downloaded asks to be loaded again, and then loads', async () => {
    const athlete = await createSignedInUser(env.server.services, 'athlete', { fullName: 'Ana Torres' });
    for (const [width, viewport] of VIEWPORTS) {
      const { context, page } = await signedIn(athlete.cookie, viewport);
      await page.goto(`${env.server.baseUrl}/athlete-dashboard`, { waitUntil: 'networkidle' });
      const offline = 'You’re offline. What you see may be out of date, and nothing can be saved until the connection is back.';
      expect(await page.getByText(offline).count()).toBe(0);
      await context.setOffline(true);
      await visible(page.getByText(offline));
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshotToLookAt(page, `offline-${width}`);
      if (viewport === DESKTOP) {
        // A page not opened before has its code still to download: offline, it cannot be.
        await page.getByRole('banner').getByRole('link', { name: 'Matches' }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'This page could not be loaded' }));
        await visible(page.getByRole('banner').getByRole('link', { name: 'Matches' }));
        expect(await seriousAxeViolations(page)).toEqual([]);
        await screenshotToLookAt(page, `page-not-loaded-${width}`);
      }
      await context.setOffline(false);
      await expect.poll(() => page.getByText(offline).count()).toBe(0);
      if (viewport === DESKTOP) {
        await page.getByRole('button', { name: 'Load the page again' }).click();
        await visible(page.getByRole('heading', { level: 1, name: 'Programs interested in you' }));
      }
      await context.close();
    }
  });

  for (const [width, viewport] of VIEWPORTS) {
    it(`at ${width}, an unknown path answers HTTP 404 with the not-found page`, async () => {
      const page = await env.browser.newPage({ viewport });
      const response = await page.goto(`${env.server.baseUrl}/no-such-page`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(404);
      await visible(page.getByRole('heading', { level: 1, name: 'Page not found' }));
      expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshotToLookAt(page, `athux-not-found-${width}`);
      // A known page still answers 200.
      expect((await page.goto(`${env.server.baseUrl}/faq`))?.status()).toBe(200);
      await page.close();
    });
  }
});
