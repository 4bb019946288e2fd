import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import { DESKTOP, PHONE, spilledContent, visible, watchPageProblems, useServerAndBrowser } from '../support/browser.ts';
import { noBrowser } from '../support/requirements.ts';

/** Every public route and the main heading it must show. */
const PUBLIC_PAGES: Array<[path: string, heading: string]> = [
  ['/', 'Your Future, Matched.'],
  ['/get-started', 'Choose your role'],
  ['/about-us', 'We help talent cross the Atlantic'],
  ['/pricing', 'Simple, transparent pricing'],
  ['/partnerships', 'Built with universities and agencies'],
  ['/faq', 'Frequently asked questions'],
  ['/contact', 'Let’s talk about your next step'],
  ['/community', 'A community is on its way'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/consent-policy', 'Coach Consent Policy'],
];

const NAV_ORDER = ['Home', 'Community', 'Pricing', 'FAQ', 'Contact', 'About Us'];

describe.skipIf(noBrowser)('public site in Chromium', () => {
  const env = useServerAndBrowser();

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    describe(`each public route loaded on ${label}`, () => {
      // One tab per width: each route is still its own document load (page.goto), but without a
      // new tab's start and, after the first route, with the app's files in the tab's cache, as a
      // returning visitor has them (the 22 loads: 65 -> 30 s on a 2-core VM).
      let page: Page;
      let problems: string[];
      beforeAll(async () => {
        page = await env.browser.newPage({ viewport });
        problems = watchPageProblems(page);
      });
      afterAll(() => page?.close());

      for (const [path, heading] of PUBLIC_PAGES) {
        it(`${path} renders on ${label} without console errors, failed requests or serious axe violations`, async () => {
          problems.length = 0;
          await page.goto(`${env.server.baseUrl}${path}`, { waitUntil: 'networkidle' });
          await visible(page.getByRole('heading', { level: 1, name: heading }));
          expect(await page.locator('main#main').count()).toBe(1);
          expect(await page.getByRole('banner').count()).toBe(1);
          expect(await page.getByRole('contentinfo').count()).toBe(1);
          // Nothing sticks out sideways on a phone.
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
          expect(await seriousAxeViolations(page)).toEqual([]);
          expect(problems).toEqual([]);
        });
      }
    });
  }

  it('fits the smallest phones (320 px) in English and Spanish: no sideways scrolling, the menu button in sight, nothing past a card', async () => {
    for (const locale of ['en-US', 'es-ES']) {
      const context = await env.browser.newContext({ viewport: { width: 320, height: 640 }, locale });
      const page = await context.newPage();
      const problems = watchPageProblems(page);
      for (const [path] of PUBLIC_PAGES) {
        await page.goto(`${env.server.baseUrl}${path}`);
        await visible(page.locator('main h1'));
        const where = `${path} (${locale})`;
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${where} scrolls sideways`).toBeLessThanOrEqual(0);
        const menu = (await page.getByRole('button', { name: /^(Menu|Menú)$/ }).boundingBox())!;
        expect(menu.x + menu.width, `${where}: the menu button`).toBeLessThanOrEqual(320);
        expect(await spilledContent(page), where).toEqual([]);
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('shows the navigation in the spec’s order with Partnerships hidden, Back only after a navigation', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const problems = watchPageProblems(page);
    await page.goto(`${env.server.baseUrl}/pricing`);
    const nav = page.getByRole('navigation', { name: 'Primary' });
    await visible(nav.getByRole('link', { name: 'Pricing' }));
    expect(await nav.getByRole('link').allTextContents()).toEqual(NAV_ORDER);
    expect(await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/get-started',
      '/community',
      '/pricing',
      '/faq',
      '/contact',
      '/about-us',
    ]);
    expect(await page.getByRole('link', { name: 'Partnerships' }).count()).toBe(1); // only the footer's
    expect(await page.getByRole('banner').getByRole('link', { name: 'Partnerships' }).count()).toBe(0);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/get-started');
    expect(await page.getByRole('banner').getByRole('link', { name: 'RecruitMatch home' }).getAttribute('href')).toBe('/');

    const footerLinks = page.getByRole('navigation', { name: 'Quick Links' }).getByRole('link');
    expect(await footerLinks.allTextContents()).toEqual(['Home', 'About Us', 'Pricing', 'FAQ', 'Partnerships', 'Contact']);
    const legal = page.getByRole('navigation', { name: 'Legal' }).getByRole('link');
    expect(await legal.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['/privacy', '/terms', '/consent-policy']);

    // One history entry: no Back button. After a navigation: Back, which returns.
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }));
    await page.getByRole('button', { name: 'Back' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Simple, transparent pricing' }));
    expect(new URL(page.url()).pathname).toBe('/pricing');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens the phone menu with the same entries, and closes it on Escape', async () => {
    const page = await env.browser.newPage({ viewport: PHONE });
    await page.goto(`${env.server.baseUrl}/community`);
    const toggle = page.getByRole('button', { name: 'Menu' });
    await visible(toggle);
    expect(await page.getByRole('navigation', { name: 'Primary' }).isVisible()).toBe(false);
    await toggle.click();
    const nav = page.getByRole('navigation', { name: 'Primary' });
    await visible(nav);
    expect(await nav.getByRole('link').allTextContents()).toEqual(NAV_ORDER);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // After a navigation the Back button joins the bar; everything still fits on the phone.
    await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Choose your role' }));
    for (const control of [page.getByRole('button', { name: 'Back' }), page.getByRole('link', { name: 'RecruitMatch home' }), toggle]) {
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.close();
  });

  it('keeps the landing top bar readable over anything beneath it, a white page included (as before the hero paints)', async () => {
    const page = await env.browser.newPage({ viewport: PHONE });
    await page.goto(`${env.server.baseUrl}/`, { waitUntil: 'networkidle' });
    // The page's own content first (on a busy machine it can come after the network is idle).
    await page.locator('main').waitFor({ state: 'attached' });
    // What a slow connection shows for a moment: nothing painted yet under the translucent bar.
    await page.evaluate(() => {
      document.documentElement.style.background = '#fff';
      document.body.style.background = '#fff';
      document.querySelector<HTMLElement>('main')!.style.visibility = 'hidden';
    });
    expect(await seriousAxeViolations(page, 'header')).toEqual([]);
    await page.close();
  });

  it('plays the muted, looping hero video with a poster, and links the first steps to registration', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const problems = watchPageProblems(page);
    await page.goto(`${env.server.baseUrl}/`);
    const video = page.locator('video.hero-media');
    await video.waitFor();
    const props = await video.evaluate((v: HTMLVideoElement) => ({
      muted: v.muted,
      autoplay: v.autoplay,
      loop: v.loop,
      playsInline: v.playsInline,
      poster: v.poster,
    }));
    expect(props).toMatchObject({ muted: true, autoplay: true, loop: true, playsInline: true });
    expect(props.poster).toMatch(/\/media\/hero\/hero-poster\.jpg$/);
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('video.hero-media');
      return v !== null && v.currentTime > 0;
    });
    expect(await page.getByRole('link', { name: 'Register as a coach' }).getAttribute('href')).toBe('/coach-register');
    expect(await page.getByRole('link', { name: 'Create your athlete profile' }).getAttribute('href')).toBe('/athlete-register');
    await page.getByRole('button', { name: 'Pause background video' }).click();
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the poster instead of the video to visitors who prefer reduced motion', async () => {
    const context = await env.browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${env.server.baseUrl}/`);
    await visible(page.getByRole('heading', { level: 1, name: 'Your Future, Matched.' }));
    expect(await page.locator('video').count()).toBe(0);
    expect(await page.locator('img.hero-media').getAttribute('src')).toBe('/media/hero/hero-poster.jpg');
    await context.close();
  });

  it('sends each role card of /get-started to its login', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    await page.goto(`${env.server.baseUrl}/get-started`);
    await visible(page.getByRole('heading', { level: 1, name: 'Choose your role' }));
    const hrefs: Record<string, string | null> = {};
    for (const role of ['Player', 'Coach', 'Agent'])
      hrefs[role] = await page
        .getByRole('main')
        .getByRole('link', { name: new RegExp(`^${role} `) })
        .getAttribute('href');
    expect(hrefs).toEqual({ Player: '/athlete-login', Coach: '/coach-login', Agent: '/agent-login' });
    await page.close();
  });

  it('opens a team story by keyboard, passes axe with it open, and closes on Escape with focus back on the button', async () => {
    const page = await env.browser.newPage({ viewport: PHONE });
    const problems = watchPageProblems(page);
    await page.goto(`${env.server.baseUrl}/about-us`);
    const opener = page.getByRole('button', { name: 'Read Lucía’s story' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'From Segunda RFEF to a U.S. campus' });
    await visible(dialog);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close story');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Read Lucía’s story');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('answers a suggested question in the FAQ assistant and moves the partner carousel', async () => {
    const page = await env.browser.newPage({ viewport: DESKTOP });
    const problems = watchPageProblems(page);
    await page.goto(`${env.server.baseUrl}/faq`);
    await page.getByRole('button', { name: 'What does it cost for athletes?' }).click();
    await visible(page.getByRole('button', { name: 'Hide assistant' }));
    await visible(page.getByRole('log').getByText('Athletes pay a one-time commitment fee'));
    await page.getByLabel('Your question').fill('What is 8/10 in GPA?');
    await page.keyboard.press('Enter');
    await visible(page.getByRole('log').getByText('is a 3.2 on the 4.0 U.S. GPA scale'));
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(`${env.server.baseUrl}/partnerships`);
    const universities = page.getByRole('region', { name: 'Partner universities' });
    await visible(universities.getByRole('img', { name: 'Hudson Valley University logo' }));
    await universities.getByRole('button', { name: 'Next' }).click();
    await universities.getByRole('img', { name: 'Hudson Valley University logo' }).waitFor({ state: 'hidden' });
    await visible(universities.getByRole('img', { name: 'Prairie Ridge College logo' }));
    expect(problems).toEqual([]);
    await page.close();
  });
});
