import { orderForView, type MatchView, type ViewRow } from '@app/domain';
import { relayOutboxOnce } from '@app/worker';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import { DESKTOP, launchBrowser, PHONE, visible, watchPageProblems } from '../support/browser.ts';
import { startTestServer } from '../support/harness.ts';
import { noBrowser } from '../support/requirements.ts';
import { createSignedInUser } from '../support/users.ts';
import { expectedIndex, insertAthletes, randomProfile, seededRandom, waitForIndex } from '../integration/match-index-fixtures.ts';

/**
 * A coach creates a request in the browser and, without reloading, sees the Matches section go
 * from "scoring" to a ranked list as the worker indexes the request; then switches between the
 * three views and sees each in the order decision S13 gives (computed here with the domain).
 */
/** The list dims while a view refetches (aria-busy, with an opacity transition): axe judges contrast only once it is settled. */
async function listSettled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('.match-list')].every((list) => list.getAttribute('aria-busy') !== 'true' && getComputedStyle(list).opacity === '1'),
      ),
    )
    .toBe(true);
}

describe.skipIf(noBrowser)('ranked matches of a new request in Chromium', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let coach: { id: string; cookie: string };
  const names = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    const { db } = server.services;
    const rng = seededRandom(1234);
    const profiles = Array.from({ length: 240 }, (_, i) => randomProfile(rng, i));
    const ids = await insertAthletes(db, profiles);
    ids.forEach((id, i) => names.set(id, profiles[i].fullName!));
    coach = await createSignedInUser(server.services, 'coach', { firstName: 'Dana', lastName: 'Reyes' });
    await server.services.outbox.drain();
    await waitForIndex(db);
    // From here the API's relay stands still, so the new request stays unscored until the test
    // lets the outbox through: the page must show that state, then the list, without a reload.
    await server.services.outbox.stop();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function shownNames(page: Page): Promise<string[]> {
    return page.locator('.match-list .match-name').allTextContents();
  }

  async function expectedNames(requestId: string, view: MatchView): Promise<string[]> {
    const rows: ViewRow[] = [...(await expectedIndex(server.services.db))]
      .filter(([key]) => key.startsWith(`${requestId}:`))
      .map(([key, p]) => ({
        athleteId: key.split(':')[1],
        score: p.score,
        athleteUpdatedAt: p.athleteUpdatedAt,
        positionMatch: p.positionMatch,
        positionExact: p.positionExact,
      }));
    // The 'all' and 'position' views show 50 players until 'Show more players'.
    return orderForView(view, rows)
      .slice(0, 50)
      .map((r) => names.get(r.athleteId)!);
  }

  it('creates a request, sees its ranked matches appear, and switches between the three views', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const [cookieName, cookieValue] = coach.cookie.split('=');
    await context.addCookies([{ name: cookieName, value: cookieValue, url: server.baseUrl }]);
    const page = await context.newPage();
    const problems = watchPageProblems(page);

    await page.goto(`${server.baseUrl}/coach-request`);
    await page.getByRole('button', { name: 'Winger', exact: true }).click();
    await page.getByLabel('Maximum age').fill('30');
    await page.getByRole('button', { name: 'Create request' }).click();
    await page.waitForURL('**/coach-requests');
    await visible(page.getByText('Request created'));
    // A marker that a reload would wipe out.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    await visible(page.getByText('Scoring athletes against this brief…'));
    const request = await server.services.db.selectFrom('coach_requests').select(['id']).where('coach_id', '=', coach.id).executeTakeFirstOrThrow();

    // The worker gets the change; the page picks the list up on its own.
    await relayOutboxOnce(server.services.db, server.services.queue);
    await visible(page.locator('.match-card').first(), 15_000);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await visible(page.getByText('The top 15 players at 70% or more'));

    const top15 = await expectedNames(request.id, 'top15');
    const all = await expectedNames(request.id, 'all');
    const position = await expectedNames(request.id, 'position');
    expect(top15).toHaveLength(15);
    // The data makes the position view differ from the score order.
    expect(position).not.toEqual(all);

    await expect.poll(() => shownNames(page)).toEqual(top15);
    await page.getByRole('radio', { name: 'All by score' }).check();
    await expect.poll(() => shownNames(page)).toEqual(all);
    await page.getByRole('radio', { name: 'Position match priority' }).check();
    await expect.poll(() => shownNames(page)).toEqual(position);
    const tiers = await page.locator('.match-list .match-tier').allTextContents();
    expect(tiers[0]).toBe('Exact position');
    expect(tiers).toEqual([...new Set(tiers)]);
    await page.getByRole('radio', { name: 'Top 15 matches' }).check();
    await expect.poll(() => shownNames(page)).toEqual(top15);
    await listSettled(page);
    expect(await seriousAxeViolations(page, '.matches-section')).toEqual([]);

    // Each card links to the athlete's full profile.
    const firstCard = page.locator('.match-card').first();
    await firstCard.getByRole('link', { name: /^View full profile of / }).click();
    await page.waitForURL('**/coach/athletes/**');

    // There the coach keeps a private note: saved with Ctrl+Enter, still there after a reload.
    const note = page.getByRole('textbox', { name: 'Your private note on this athlete' });
    await visible(note);
    await note.fill('Called on Monday: strong left foot.');
    await note.press('Control+Enter');
    await visible(page.getByText('Note saved'));
    await page.reload();
    await expect.poll(() => note.inputValue()).toBe('Called on Monday: strong left foot.');
    expect(await seriousAxeViolations(page, '.note-card')).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works on a phone: the views switch and the cards fit the screen', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const [cookieName, cookieValue] = coach.cookie.split('=');
    await context.addCookies([{ name: cookieName, value: cookieValue, url: server.baseUrl }]);
    const page = await context.newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${server.baseUrl}/coach-requests`);
    await visible(page.locator('.match-card').first());
    await page.getByRole('radio', { name: 'Position match priority' }).check();
    await visible(page.getByRole('heading', { name: 'Exact position' }));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await listSettled(page);
    expect(await seriousAxeViolations(page, '.matches-section')).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
