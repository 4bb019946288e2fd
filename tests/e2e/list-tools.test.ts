import { indexRequest } from '@app/worker';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import { DESKTOP, PHONE, screenshotToLookAt, spilledContent, useServerAndBrowser, visible, watchPageProblems } from '../support/browser.ts';
import { noBrowser } from '../support/requirements.ts';
import { createSignedInUser } from '../support/users.ts';
import { createAthlete, createCoach, createRequest } from '../integration/matches-fixtures.ts';

/**
 * The working tools in Chromium (issue 18): the agent's roster (search, filters, pages, URL), a
 * player's page opened from it, and a request's list (filters, "Why not?", compare, export link),
 * each checked with axe at 1280 and 390 px.
 */
describe.skipIf(noBrowser)('list tools in Chromium', () => {
  const env = useServerAndBrowser();

  async function open(
    cookie: string,
    viewport: { width: number; height: number },
    path: string,
  ): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
    const context = await env.browser.newContext({ viewport });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name: name, value: value, url: env.server.baseUrl }]);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${env.server.baseUrl}${path}`, { waitUntil: 'networkidle' });
    return { page, problems, close: () => context.close() };
  }

  /** Presses Tab until `target` has the focus, as a keyboard user reaches it. */
  async function tabTo(page: Page, target: import('playwright-core').Locator) {
    for (let presses = 0; presses < 80; presses++) {
      await page.keyboard.press('Tab');
      if (await target.evaluate((element) => element === document.activeElement)) return;
    }
    throw new Error(`${target.toString()}: not reached with the Tab key`);
  }

  async function checkA11y(page: Page, label: string, width: number) {
    expect(await seriousAxeViolations(page, 'main#main'), `${label} at ${width}`).toEqual([]);
    const overflow = await page.locator('main#main').evaluate((main) => main.scrollWidth - main.clientWidth);
    expect(overflow, `${label} at ${width} scrolls sideways`).toBeLessThanOrEqual(0);
    await screenshotToLookAt(page, `${label}-${width}`, { fullPage: true });
  }

  it('agent roster: search, filter and page through the URL; compact on a phone', async () => {
    const { services } = env.server;
    const agent = await createSignedInUser(services, 'agent', { agency: 'Eture' });
    for (let i = 0; i < 26; i++) await createAthlete(services, `Roster Player ${String(i).padStart(2, '0')}`, { agency: 'Eture' });
    await createAthlete(services, 'Lucía Goalie', { agency: 'Eture', primaryPosition: 'Goalkeeper' });

    for (const viewport of [DESKTOP, PHONE]) {
      const { page, problems, close } = await open(agent.cookie, viewport, '/agent/players');
      await visible(page.getByRole('heading', { level: 1, name: 'Agency roster' }));
      await visible(page.getByText('27 players linked · page 1 of 2'));
      expect(await page.locator('.roster-card').count()).toBe(25);
      // A phone shows one compact line per athlete, not the facts grid.
      expect(await page.locator('.roster-facts').first().isVisible()).toBe(viewport === DESKTOP);
      expect(await page.locator('.roster-compact').first().isVisible()).toBe(viewport === PHONE);
      await checkA11y(page, 'roster', viewport.width);
      // With nothing saved and nothing to save, a phone leaves the saved views out (they come with a search or filter).
      expect(await page.getByRole('group', { name: 'Saved views' }).isVisible()).toBe(viewport === DESKTOP);
      // The download holds the whole view, not the page.
      const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
      const csv = await page.evaluate(async (url) => (await fetch(url)).text(), href!);
      expect(csv.trim().split('\r\n')).toHaveLength(28);
      if (viewport === DESKTOP) {
        // A private note from a card's Note button: saved in a dialog, then shown on the card.
        const card = page.locator('.roster-card', { hasText: 'Lucía Goalie' });
        await card.getByRole('button', { name: 'Note on Lucía Goalie' }).click();
        const dialog = page.getByRole('dialog', { name: 'Note on Lucía Goalie' });
        await dialog.getByRole('textbox', { name: 'Your private note on this athlete' }).fill('Passport renewal in May');
        expect(await seriousAxeViolations(page, '[role=dialog]')).toEqual([]);
        await dialog.getByRole('button', { name: 'Save note' }).click();
        await visible(card.getByText('Your note: Passport renewal in May'));
      }

      if (viewport === PHONE) {
        // Back from a player's page, the roster is where the agent left it, by the card they opened.
        const link = page.locator('.roster-card').nth(20).locator('.player-link');
        await link.scrollIntoViewIfNeeded();
        const left = await page.evaluate(() => window.scrollY);
        expect(left).toBeGreaterThan(1000);
        const name = await link.innerText();
        await link.click();
        await visible(page.getByRole('heading', { level: 1, name }));
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        await page.getByRole('link', { name: 'Back to roster' }).click();
        await visible(page.locator('.roster-card').nth(20));
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
      }
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL(/page=2/);
      await visible(page.getByText('page 2 of 2'));
      expect(await page.locator('.roster-card').count()).toBe(2);

      await page.getByLabel('Search by name').fill('lucía');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/q=luc/);
      await visible(page.getByText('1 player found'));
      expect(page.url()).not.toContain('page=');
      if (viewport === PHONE) {
        // On a phone the filters and the order are folded under the search, the cards first.
        expect(await page.getByLabel('Position').isVisible()).toBe(false);
        await page.getByRole('button', { name: 'Filters and sort', exact: true, expanded: false }).click();
      }
      await page.getByLabel('Position').selectOption('Forward');
      if (viewport === PHONE) await visible(page.getByRole('button', { name: 'Filters and sort (1)', expanded: true }));
      await visible(page.getByRole('group', { name: 'Saved views' }).getByRole('button', { name: 'Save this view' }));
      await visible(page.getByText('No players match this search.'));
      await checkA11y(page, 'roster-empty', viewport.width);
      expect(problems).toEqual([]);
      await close();
    }
    // A bookmarked view opens as it was.
    const { page, problems, close } = await open(agent.cookie, DESKTOP, '/agent/players?position=Goalkeeper&sort=name');
    await visible(page.getByText('1 player found'));
    expect(await page.getByLabel('Position').inputValue()).toBe('Goalkeeper');
    // Saved as a named view, it opens again in one click from the whole roster.
    const views = page.getByRole('group', { name: 'Saved views' });
    await views.getByRole('button', { name: 'Save this view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this view' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Goalkeepers');
    expect(await seriousAxeViolations(page, '[role=dialog]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await visible(views.getByRole('button', { name: 'Goalkeepers', exact: true, pressed: true }));
    await page.goto(`${env.server.baseUrl}/agent/players`, { waitUntil: 'networkidle' });
    await visible(page.getByText('27 players linked · page 1 of 2'));
    await views.getByRole('button', { name: 'Goalkeepers', exact: true, pressed: false }).click();
    await page.waitForURL(/\/agent\/players\?position=Goalkeeper&sort=name$/);
    await visible(page.getByText('1 player found'));
    await checkA11y(page, 'roster-saved-view', DESKTOP.width);
    // The list as it is is that view: nothing to save again. Renamed, it keeps its settings.
    expect(await views.getByRole('button', { name: 'Save this view' }).isDisabled()).toBe(true);
    await views.getByRole('button', { name: 'Rename the saved view Goalkeepers' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename this view' });
    expect(await rename.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Goalkeepers');
    expect(await seriousAxeViolations(page, '[role=dialog]')).toEqual([]);
    await rename.getByRole('textbox', { name: 'Name' }).fill('Keepers by name');
    await rename.getByRole('textbox', { name: 'Name' }).press('Enter');
    await visible(views.getByRole('button', { name: 'Keepers by name', exact: true, pressed: true }));
    expect(await views.getByRole('button', { name: 'Goalkeepers', exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
  }, 120_000);

  it("agent player page: opened from the roster's search, the profile and matches, back to the roster as it was", async () => {
    const { app, services } = env.server;
    // An agency of its own: the roster test's athletes are Eture's.
    const agent = await createSignedInUser(services, 'agent', { agency: 'Mae' });
    const nora = await createAthlete(services, 'Nora Keeper', { agency: 'Mae', primaryPosition: 'Goalkeeper' });
    await createAthlete(services, 'Nadia Other', { agency: 'Mae' });
    const olga = await createAthlete(services, 'Olga Pending', { agency: 'Mae', completed: false });
    const outsider = await createAthlete(services, 'Nora Outsider', { agency: 'Eture' });
    // A coach shares Nora, and she accepts.
    const coach = await createCoach(services, 'Dana', 'Reyes', 'Hudson State University');
    const requestId = await createRequest(services, coach.id, { positions: ['Goalkeeper'], teamCategories: ["Women's Team"] });
    const shared = await app.inject({
      method: 'POST',
      url: '/api/coach/matches',
      headers: { cookie: coach.cookie },
      payload: { athleteId: nora.id, requestId },
    });
    expect(shared.statusCode, shared.body).toBeLessThan(300);
    const accepted = await app.inject({
      method: 'PATCH',
      url: `/api/athlete/matches/${shared.json().id as string}`,
      headers: { cookie: nora.cookie },
      payload: { status: 'accepted' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    for (const viewport of [DESKTOP, PHONE]) {
      const { page, problems, close } = await open(agent.cookie, viewport, '/agent/players?q=nora&sort=name');
      await visible(page.getByText('1 player found'));
      await page.locator('.roster-card').getByRole('link', { name: 'Nora Keeper' }).click();
      await page.waitForURL(`**/agent/players/${nora.id}`);
      await visible(page.getByRole('heading', { level: 1, name: 'Nora Keeper' }));
      expect(await page.title()).toMatch(/^(\(\d+\) )?Nora Keeper · /);
      await visible(page.getByRole('region', { name: 'Account' }).getByText(/@/));
      await visible(page.getByRole('region', { name: 'Your notes' }).getByRole('textbox', { name: 'Your private note on this athlete' }));
      const matches = page.getByRole('region', { name: 'Matches (1)' });
      const card = matches.getByRole('article', { name: 'Nora Keeper with Hudson State University' });
      await visible(card.getByText('Matched', { exact: true }));
      await visible(card.getByRole('link', { name: /Open chat/ }));
      await checkA11y(page, 'agent-player', viewport.width);
      // Back with the keyboard: to the roster as it was, its search and sort kept.
      const back = page.getByRole('link', { name: 'Back to roster' });
      await tabTo(page, back);
      // Its focus is seen.
      expect(await back.evaluate((link) => link.matches(':focus-visible') && getComputedStyle(link).boxShadow)).not.toMatch(/^(none|false)$/);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/agent\/players\?q=nora&sort=name$/);
      await visible(page.getByText('1 player found'));
      expect(await page.getByLabel('Search by name').inputValue()).toBe('nora');
      expect(problems).toEqual([]);
      await close();
    }

    // From the whole roster by name, on a phone: Next and the right arrow key go through the players in the roster's order.
    {
      const { page, problems, close } = await open(agent.cookie, PHONE, '/agent/players?sort=name');
      await page.locator('.roster-card').getByRole('link', { name: 'Nadia Other' }).click();
      const stepper = page.getByRole('navigation', { name: 'Players of the roster' });
      await visible(stepper.getByText('1 of 3'));
      await stepper.getByRole('link', { name: 'Next player: Nora Keeper' }).click();
      await visible(page.getByRole('heading', { level: 1, name: 'Nora Keeper' }));
      await page.keyboard.press('ArrowRight');
      await visible(page.getByRole('heading', { level: 1, name: 'Olga Pending' }));
      await visible(stepper.getByText('3 of 3'));
      await checkA11y(page, 'agent-player-stepper', PHONE.width);
      expect(problems).toEqual([]);
      await close();
    }

    // A profile still in progress, opened directly: its notice and no matches yet.
    const { page, problems, close } = await open(agent.cookie, DESKTOP, `/agent/players/${olga.id}`);
    await visible(page.getByRole('heading', { level: 1, name: 'Olga Pending' }));
    await visible(page.getByText('Olga Pending is still completing their profile.', { exact: false }));
    await visible(page.getByText('No coach has shared a match with this player yet.'));
    expect(await page.getByRole('link', { name: 'Back to roster' }).getAttribute('href')).toBe('/agent/players');
    await checkA11y(page, 'agent-player-in-progress', DESKTOP.width);
    // Another agency's athlete is not found.
    await page.goto(`${env.server.baseUrl}/agent/players/${outsider.id}`, { waitUntil: 'networkidle' });
    await visible(page.getByText('This player is not on your agency’s roster.'));
    await checkA11y(page, 'agent-player-not-found', DESKTOP.width);
    // From the hub, a match card's player name opens the page too.
    await page.goto(`${env.server.baseUrl}/agent-dashboard?view=hub`, { waitUntil: 'networkidle' });
    await page
      .getByRole('region', { name: /Ready to connect/ })
      .getByRole('link', { name: 'Nora Keeper', exact: true })
      .click();
    await visible(page.getByRole('heading', { level: 1, name: 'Nora Keeper' }));
    expect(problems).toEqual([]);
    await close();
  }, 120_000);

  it('request list: filters with counts, "Why not?", compare and the export link', async () => {
    const { services } = env.server;
    const coach = await createCoach(services);
    const ana = await createAthlete(services, 'Ana Forward', { nationality: 'Chile', gpa: 3.9 });
    await createAthlete(services, 'Bruno Forward', { nationality: 'France', gpa: 3.4 });
    await createAthlete(services, 'Carla Forward', { nationality: 'Chile', gpa: 3.1 });
    await createAthlete(services, 'Gina Lowgrade', { nationality: 'Chile', gpa: 2.3 });
    // Through the API, so the request has every field the page shows.
    const created = await env.server.app.inject({
      method: 'POST',
      url: '/api/coach/requests',
      headers: { cookie: coach.cookie },
      payload: { positions: ['Forward'], teamCategories: ["Men's Team"] },
    });
    expect(created.statusCode).toBe(201);
    const requestId = created.json()._id as string;
    await indexRequest(services.db, { entityId: requestId });
    // Newer requests, listed first: the one opened is the last of the requests.
    for (const position of ['Goalkeeper', 'Center Back', 'Winger']) {
      const newer = await env.server.app.inject({
        method: 'POST',
        url: '/api/coach/requests',
        headers: { cookie: coach.cookie },
        payload: { positions: [position] },
      });
      await indexRequest(services.db, { entityId: newer.json()._id as string });
    }
    const note = 'Saw her in the Copa final: fast, two-footed.';
    await env.server.app.inject({ method: 'PUT', url: `/api/coach/athletes/${ana.id}/note`, headers: { cookie: coach.cookie }, payload: { body: note } });

    for (const viewport of [DESKTOP, PHONE]) {
      const { page, problems, close } = await open(coach.cookie, viewport, `/coach-requests?request=${requestId}`);
      await visible(page.locator('.match-card'));
      const nationality = page.getByLabel('Nationality');
      await expect.poll(() => nationality.locator('option').allTextContents()).toContain('Chile (2)');
      // The coach's own note shows on the player's card.
      await visible(page.locator('.match-card', { hasText: 'Ana Forward' }).getByText(`Your note: ${note}`));
      const top = async (locator: import('playwright-core').Locator) => (await locator.boundingBox())!.y;
      // The requests: one under the other on a desktop; on a phone one row, scrolled to the opened one.
      const requestLinks = page.getByRole('navigation', { name: 'Your requests' }).getByRole('link');
      const titles = (await requestLinks.allInnerTexts()).map((text) => text.split('\n')[0]);
      expect(titles).toEqual(['Winger', 'Center Back', 'Goalkeeper', 'Forward']);
      const opened = requestLinks.nth(3);
      expect(await opened.getAttribute('aria-current')).toBe('page');
      expect((await top(opened)) === (await top(requestLinks.nth(0)))).toBe(viewport === PHONE);
      const openedBox = (await opened.boundingBox())!;
      expect(openedBox.x >= 0 && openedBox.x + openedBox.width <= viewport.width, 'the opened request in sight').toBe(true);
      // (Before the full-page screenshot checkA11y may take: Chromium's capture moves the row's scroll.)
      await checkA11y(page, 'request-list', viewport.width);
      // The opened request's card is headed by its name; on a phone only for screen readers (the
      // highlighted request in the row above says it).
      const requestHeading = page.getByRole('heading', { level: 2, name: 'Forward' });
      expect((await requestHeading.boundingBox())!.width > 1).toBe(viewport !== PHONE);
      // The three views side by side (on a phone their names wrap inside).
      const views = page.getByRole('group', { name: 'Order matches by' }).locator('label');
      expect(await top(views.nth(2))).toBe(await top(views.nth(0)));
      // Nothing runs past a card's edge: on the phone Ana's card offers "Confirm match" (shared on the desktop) beside Decline.
      expect(await spilledContent(page)).toEqual([]);
      if (viewport === PHONE) {
        // On a phone the request's details and the list's filters are folded, saved views wait for
        // a filter to save, and Filters, CSV and Print share a row: the first player's name is on
        // the first screen.
        expect(await top(page.locator('.match-card .match-name').first())).toBeLessThan(viewport.height - 40);
        const filtersButton = page.getByRole('button', { name: 'Filters', exact: true });
        expect(await top(page.getByRole('link', { name: 'Download CSV' }))).toBe(await top(filtersButton));
        expect(await top(page.getByRole('button', { name: 'Print shortlist' }))).toBe(await top(filtersButton));
        expect(await page.getByRole('group', { name: 'Saved views' }).isVisible()).toBe(false);
        expect(await page.getByText('Team category', { exact: true }).isVisible()).toBe(false);
        expect(await nationality.isVisible()).toBe(false);
        await page.getByRole('button', { name: 'Request details', expanded: false }).click();
        await visible(page.getByText('Team category', { exact: true }));
        await page.getByRole('button', { name: 'Filters', exact: true, expanded: false }).click();
      } else {
        expect(await page.getByRole('button', { name: 'Filters', exact: true }).isVisible()).toBe(false);
        // The request's brief sits under the requests in the left column: the players start on the first screen.
        expect(await top(page.locator('.match-card').first())).toBeLessThan(viewport.height);
        expect(await top(page.getByText('Team category', { exact: true }))).toBeGreaterThan(openedBox.y);
      }
      // A card stays short: the six sub-scores in one row (two rows of three on a phone), Match and Decline side by side.
      const card = page.locator('.match-card').first();
      const subScores = card.locator('.sub-score');
      expect(await top(subScores.nth(2))).toBe(await top(subScores.nth(0)));
      if (viewport === PHONE) expect(await top(subScores.nth(3))).toBeGreaterThan(await top(subScores.nth(0)));
      else expect(await top(subScores.nth(5))).toBe(await top(subScores.nth(0)));
      expect(await top(card.getByRole('button', { name: /Decline/ }))).toBe(await top(card.getByRole('button', { name: /match/i })));

      await nationality.selectOption({ label: 'Chile (2)' });
      await visible(page.getByText('matching the filters'));
      if (viewport === PHONE) await visible(page.getByRole('button', { name: 'Filters (1)', expanded: true }));
      await visible(page.getByRole('group', { name: 'Saved views' }).getByRole('button', { name: 'Save this view' }));
      await expect.poll(() => page.locator('.match-list .match-name').allTextContents()).toEqual(['Ana Forward', 'Carla Forward']);
      const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
      expect(href).toBe(`/api/coach/requests/${requestId}/matches/export.csv?nationality=Chile&view=top15`);
      const csv = await page.evaluate(async (url) => (await fetch(url)).text(), href!);
      expect(csv.split('\r\n')[1]).toContain('Ana Forward');

      // Compare two players side by side. Untouched, the Compare button sits in the toolbar above
      // the list on a desktop, and a phone shows none (the cards' boxes are the way in); once a
      // box is ticked it floats at the screen's foot, where the boxes are.
      const compareButton = page.getByRole('button', { name: /^Compare/ });
      if (viewport === PHONE) expect(await compareButton.isVisible()).toBe(false);
      else expect(await top(compareButton)).toBeLessThan(await top(page.locator('.match-card').first()));
      await page.getByRole('checkbox', { name: 'Compare Ana Forward' }).check();
      await page.evaluate(() => window.scrollTo(0, 0));
      const floating = (await page.getByRole('button', { name: 'Compare (1)' }).boundingBox())!;
      expect(floating.y + floating.height).toBeLessThanOrEqual(viewport.height);
      expect(floating.y + floating.height).toBeGreaterThan(viewport.height - 60);
      await visible(page.getByText('Tick one more player'));
      await page.getByRole('checkbox', { name: 'Compare Carla Forward' }).check();
      await page.getByRole('button', { name: 'Compare (2)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Compare players' });
      await visible(dialog);
      await visible(dialog.getByRole('link', { name: /Watch/ }));
      expect(await dialog.locator('thead th').allTextContents()).toEqual(['Ana Forward', 'Carla Forward']);
      await expect.poll(() => dialog.locator('tr', { hasText: 'Your note' }).locator('td').allTextContents()).toEqual([note, 'No note']);
      // Each row says what it holds once: the position sub-score and the primary position are two rows.
      const rowNames = await dialog.locator('tbody th').allTextContents();
      expect(rowNames).toEqual(expect.arrayContaining(['Position', 'Primary position']));
      expect(new Set(rowNames).size).toBe(rowNames.length);
      // The decision the comparison is for, made in the dialog; its Status row follows each move.
      // On the desktop Ana is shared; on the phone Carla is declined, which hides her from the list
      // (the dialog still shows her, declined).
      const status = dialog
        .locator('tr')
        .filter({ has: page.locator('th', { hasText: /^Status$/ }) })
        .locator('td');
      if (viewport === DESKTOP) {
        await expect.poll(() => status.allTextContents()).toEqual(['Not shared yet', 'Not shared yet']);
        await dialog.getByRole('button', { name: 'Match Ana Forward' }).click();
        await expect.poll(() => status.allTextContents()).toEqual(['Pending player response', 'Not shared yet']);
        await visible(dialog.getByRole('button', { name: 'Confirm match with Ana Forward' }));
      } else {
        await dialog.getByRole('button', { name: 'Decline Carla Forward' }).click();
        await expect.poll(() => status.allTextContents()).toEqual(['Pending player response', 'Declined']);
        expect(await dialog.getByRole('button', { name: /Match declined/ }).isDisabled()).toBe(true);
        await expect.poll(() => page.locator('.match-list .match-name').allTextContents()).toEqual(['Ana Forward']);
      }
      expect(await seriousAxeViolations(page, '[role=dialog]'), `compare at ${viewport.width}`).toEqual([]);
      await screenshotToLookAt(page, `compare-${viewport.width}`);
      await page.keyboard.press('Escape');
      if (viewport === PHONE) {
        // Undone from the Hidden list: Carla is back in the list.
        await page.getByRole('button', { name: 'Hidden (1)' }).click();
        await page.getByRole('button', { name: 'Restore to pool: Carla Forward' }).click();
        await expect.poll(() => page.locator('.match-list .match-name').allTextContents()).toEqual(['Ana Forward', 'Carla Forward']);
      }

      // Why not? Gina is scored but under 70 because of her GPA.
      await page.getByText('Why isn’t a player listed?').click();
      await page.getByLabel('Player name').fill('gina');
      await page.getByRole('button', { name: 'Look up' }).click();
      await page.getByRole('button', { name: /Gina Lowgrade/ }).click();
      await visible(page.getByText('GPA 2.3 is under the minimum 2.5: academics 0, score halved'));
      await checkA11y(page, 'why-not', viewport.width);
      // Printed: the shortlist on its own, headed by what it is (the request, the filters set).
      await page.emulateMedia({ media: 'print' });
      await visible(page.getByText(/^Shortlist · Forward \(Men's Team\) · Top 15 matches · /));
      await visible(page.getByText('Filters: Nationality: Chile'));
      expect(await page.locator('.requests-list').isVisible()).toBe(false);
      expect(await page.getByText('Team category', { exact: true }).isVisible()).toBe(false);
      await screenshotToLookAt(page, `print-${viewport.width}`, { fullPage: true });
      await page.emulateMedia({ media: 'screen' });
      expect(problems).toEqual([]);
      await close();
    }
    // The view and filters are in the address: a bookmark opens the list as it was, Back and a
    // reload bring it back.
    const { page, problems, close } = await open(coach.cookie, DESKTOP, `/coach-requests?request=${requestId}&view=all&nationality=Chile`);
    const names = () => page.locator('.match-list .match-name').allTextContents();
    await expect.poll(names).toEqual(['Ana Forward', 'Carla Forward']);
    expect(await page.getByLabel('Nationality').inputValue()).toBe('Chile');
    expect(await page.getByRole('radio', { name: 'All by score' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL(`**/coach-requests?request=${requestId}&view=all`);
    await expect.poll(names).toContain('Bruno Forward');
    await page.goBack();
    await expect.poll(names).toEqual(['Ana Forward', 'Carla Forward']);
    await page.reload();
    await expect.poll(names).toEqual(['Ana Forward', 'Carla Forward']);
    expect(await page.getByLabel('Nationality').inputValue()).toBe('Chile');
    // A profile opened from the list steps through that list; Back returns to it as it was.
    await page.getByRole('link', { name: 'View full profile of Ana Forward' }).click();
    const steps = page.getByRole('navigation', { name: 'Players of this list' });
    await visible(steps.getByText('1 of 2'));
    // Where Ana stands in the coach's requests: shared from the compare dialog above, awaiting her answer.
    const standings = page.getByRole('region', { name: 'Your requests' });
    await visible(standings.getByText('Pending player response'));
    await visible(standings.getByRole('button', { name: 'Confirm match with Ana Forward' }));
    await steps.getByRole('link', { name: 'Next player: Carla Forward' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'Carla Forward' }));
    await visible(steps.getByText('2 of 2'));
    await checkA11y(page, 'profile-steps', DESKTOP.width);
    // The arrow keys step too.
    await page.keyboard.press('ArrowLeft');
    await visible(page.getByRole('heading', { level: 1, name: 'Ana Forward' }));
    await visible(steps.getByText('1 of 2'));
    // One Back: the page's own (the top bar leaves out its, which would do the same).
    expect(await page.getByRole('button', { name: /Back$/ }).count()).toBe(1);
    await page.locator('main').getByRole('button', { name: '← Back' }).click();
    await page.waitForURL(`**/coach-requests?request=${requestId}&view=all&nationality=Chile`);
    await expect.poll(names).toEqual(['Ana Forward', 'Carla Forward']);
    expect(problems).toEqual([]);
    await close();
  }, 120_000);
});
