import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServicesOptions } from './harness.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;
import { chromiumPath } from './requirements.ts';

/** Debian's Chromium through playwright-core; never a downloaded browser. */
export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error('Chromium not found');
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * Saves a screenshot named `name` in SCREENSHOTS_DIR, a folder to look at the screens in while
 * developing (never committed). Without it, nothing: a full-page screenshot costs up to a second
 * of a 2-core VM, and the suite's runs need none.
 */
export async function screenshotToLookAt(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } } = {},
) {
  const folder = process.env.SCREENSHOTS_DIR;
  if (!folder) return;
  await target.screenshot({ path: path.join(folder, `${name.replace(/[^\w.-]+/g, '_')}.png`), ...options });
}

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

/**
 * What runs past the inner edge of the card or section holding it (its padding, or outside it)
 * in `root`, one line per card: "match-card: BUTTON match-btn 9 px". A page that does not scroll
 * sideways can still have a card whose content spills over its edge. Positioned elements, what
 * is inside a scroller or hidden from sight, what bleeds on purpose (a negative margin) and a
 * pixel of rounding are left out.
 */
export function spilledContent(page: Page, root = 'main'): Promise<string[]> {
  return page.locator(root).evaluate((main) => {
    const found: string[] = [];
    for (const box of main.querySelectorAll<HTMLElement>('.card, section, form')) {
      const outer = box.getBoundingClientRect();
      if (!outer.width) continue;
      const style = getComputedStyle(box);
      const inner = outer.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
      for (const el of box.querySelectorAll<HTMLElement>('*')) {
        const rect = el.getBoundingClientRect();
        if (!rect.width || rect.right <= inner + 1.5 || el.closest('.sr-only, .phone-sr-only')) continue;
        const { position, marginRight } = getComputedStyle(el);
        if (position === 'absolute' || position === 'fixed' || parseFloat(marginRight) < 0) continue;
        let scroller = false;
        for (let up = el.parentElement; up && up !== box && !scroller; up = up.parentElement) scroller = getComputedStyle(up).overflowX !== 'visible';
        if (scroller) continue;
        found.push(`${box.className || box.tagName}: ${el.tagName} ${el.className} ${Math.round(rect.right - inner)} px`);
        break;
      }
    }
    return found;
  });
}

/** Collects console errors and failed requests of a page, to assert there were none. */
export function watchPageProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // An API answering 4xx (e.g. GET /api/validate-token -> 401 when signed out) is an expected
    // answer the page handles, as in the response check below; Chromium still logs it.
    if (msg.text().startsWith('Failed to load resource') && msg.location().url.includes('/api/')) return;
    problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('requestfailed', (req) => {
    const failure = req.failure()?.errorText ?? '';
    // Navigations away cancel in-flight media loads; that is not a failure of the page. Nor is
    // ERR_NETWORK_CHANGED: Chromium fails in-flight requests when the host's network interfaces
    // change (other containers starting on this machine), and the live-events stream is always
    // in flight; the app reconnects it by itself.
    if (!failure.includes('ERR_ABORTED') && !failure.includes('ERR_NETWORK_CHANGED')) problems.push(`requestfailed: ${req.url()} ${failure}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && !res.url().includes('/api/')) problems.push(`http ${res.status()}: ${res.url()}`);
  });
  return problems;
}

/**
 * A new browser context with its page (console errors and failed requests watched), signed in
 * with the user's session cookie when one is given. The caller closes the context.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  user: { cookie: string } | null,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport });
  if (user) {
    const [name, value] = user.cookie.split('=');
    await context.addCookies([{ name: name, value: value, url: baseUrl }]);
  }
  const page = await context.newPage();
  return { context, page, problems: watchPageProblems(page) };
}

/**
 * Waits until the locator is visible (fails the test with the locator's description otherwise).
 * 20 s: on the slower 2-core VM, with the containers' Postgres and the suite's other worker
 * running, a rescored list or a shared match took over 10 s to show (CI rehearsal, 2026-11-25).
 */
export async function visible(locator: import('playwright-core').Locator, timeout = 20_000) {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/**
 * Takes the app in `page` to `to` (a path) as one of its links would, without loading the document
 * again (the entry pushed as the router pushes its own, then the popstate the router follows), and
 * waits until the new screen's main heading is shown: a new element, or the same one (a screen of
 * the same component) with another text. A walk through many screens then pays the app's start and
 * axe's injection (together about 2 s per document on a 2-core VM) once. For tests of what a screen
 * shows; a screen's direct load is tested where it is first opened.
 */
export async function goInApp(page: Page, to: string) {
  const left = await page.evaluate((href) => {
    const heading = document.querySelector('h1');
    heading?.setAttribute('data-left-behind', '');
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', href);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    return heading?.textContent ?? null;
  }, to);
  await page
    .waitForFunction(
      (leftText) => {
        const heading = document.querySelector('h1');
        return !!heading && heading.getClientRects().length > 0 && (!heading.hasAttribute('data-left-behind') || heading.textContent !== leftText);
      },
      left,
      { timeout: 20_000 },
    )
    .catch((error: Error) => {
      throw new Error(`${to}: no new main heading after an in-app navigation (${error.message})`);
    });
}

/**
 * For a browser test file: a listening server on a fresh database and one Chromium, started
 * before the file's tests and closed after them. Read `env.server` / `env.browser` in tests.
 */
export function useServerAndBrowser(options: TestServicesOptions = {}) {
  const env = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    env.server = await startTestServer(options);
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}
