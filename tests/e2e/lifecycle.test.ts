import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, openPage, PHONE, spilledContent, visible } from '../support/browser.ts';
import { startTestServer } from '../support/harness.ts';
import { noBrowser } from '../support/requirements.ts';
import { createAthlete, createMatchCast, postForwardRequest } from '../integration/matches-fixtures.ts';

/**
 * The match lifecycle across the three areas: a coach shares an athlete from Ongoing Requests,
 * the athlete accepts on /athlete-matches, the agent of the athlete's agency sees it under
 * 'Ready to connect'; the coach hides another athlete and restores them from the Hidden list
 * (never shared, so back in the pool as 'Not shared yet', decision M7).
 */
describe.skipIf(noBrowser)('match lifecycle in Chromium', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  let coach: { id: string; cookie: string };
  let lucia: { id: string; cookie: string };
  let pablo: { id: string; cookie: string };
  let agent: { id: string; cookie: string };
  let requestId: string;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser();
    const { services } = server;
    ({ coach, lucia, agent } = await createMatchCast(services));
    pablo = await createAthlete(services, 'Pablo Ruiz', { agency: 'Eture', gpa: 3.7 });
    await createAthlete(services, 'Mia Otra', { agency: 'Mae', gpa: 3.8 });
    requestId = await postForwardRequest(server, coach);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const pageAs = (user: { cookie: string }, viewport = DESKTOP) => openPage(browser, server.baseUrl, user, viewport);

  const toast = (page: Page, text: string) => visible(page.locator('.toast').getByText(text, { exact: true }));
  const events = (matchId: string) =>
    server.services.db
      .selectFrom('match_events')
      .select(['from_status', 'to_status', 'actor_role', 'actor_id'])
      .where('match_id', '=', matchId)
      .orderBy('id')
      .execute();

  it('coach shares, athlete accepts, and the agent sees it ready to connect', async () => {
    const coachView = await pageAs(coach);
    await coachView.page.goto(`${server.baseUrl}/coach-requests`);
    await coachView.page.getByRole('button', { name: 'Match Lucía Martín' }).click();
    await toast(coachView.page, 'Match shared with athlete');
    await visible(coachView.page.getByRole('button', { name: 'Confirm match with Lucía Martín' }));
    // On a narrow phone (360 px), Confirm match and Decline stay inside the card (one under the other).
    await coachView.page.setViewportSize({ width: 360, height: 740 });
    expect(await spilledContent(coachView.page)).toEqual([]);
    await coachView.page.setViewportSize(DESKTOP);

    const match = await server.services.db.selectFrom('matches').selectAll().where('athlete_id', '=', lucia.id).executeTakeFirstOrThrow();
    expect(match).toMatchObject({ request_id: requestId, coach_id: coach.id, status: 'pending' });

    // The athlete answers on a phone.
    const athleteView = await pageAs(lucia, PHONE);
    await athleteView.page.goto(`${server.baseUrl}/athlete-matches`);
    await visible(athleteView.page.getByRole('heading', { name: 'Waiting for your answer (1)' }));
    await athleteView.page.getByRole('button', { name: 'Accept match from Hudson State University' }).click();
    await toast(athleteView.page, 'Match accepted');
    await visible(athleteView.page.getByRole('heading', { name: 'Matched (1)' }));
    // The matched card (with its Message the coach button) stays inside its edges at 360 px too.
    await athleteView.page.setViewportSize({ width: 360, height: 740 });
    expect(await spilledContent(athleteView.page)).toEqual([]);
    expect((await server.services.db.selectFrom('matches').select('status').where('id', '=', match.id).executeTakeFirstOrThrow()).status).toBe('accepted');

    // The agent of the athlete's agency.
    const agentView = await pageAs(agent);
    await agentView.page.goto(`${server.baseUrl}/agent-dashboard`);
    await visible(agentView.page.getByRole('heading', { name: 'Welcome, Elena Soto' }));
    await agentView.page.getByRole('button', { name: /Conversation hub/ }).click();
    const ready = agentView.page.getByRole('region', { name: /Ready to connect/ });
    await visible(ready.getByRole('heading', { name: /Lucía Martín with Hudson State University/ }));
    await ready.getByText('History (2)').click();
    await visible(ready.getByText('Shared by Dana Reyes (coach)'));
    await visible(ready.getByText('Accepted by Lucía Martín (player)'));
    // The accepted match's conversation is one click away (decision M9).
    const chat = ready.getByRole('link', { name: /Open chat with Lucía Martín and Hudson State University/ });
    await visible(chat);
    expect(await chat.getAttribute('href')).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    // Another agency's athlete never appears.
    expect(await agentView.page.getByText('Mia Otra').count()).toBe(0);

    // The coach's own dashboard lists the match under Matched.
    await coachView.page.goto(`${server.baseUrl}/coach-dashboard`);
    await visible(coachView.page.getByRole('region', { name: /Matched/ }).getByText('Lucía Martín'));

    for (const view of [coachView, athleteView, agentView]) {
      expect(view.problems).toEqual([]);
      await view.context.close();
    }
  }, 120_000); // three browser sessions on a shared two-core machine

  it('coach hides an athlete, finds them under Hidden, and restores them to the pool', async () => {
    const { context, page, problems } = await pageAs(coach);
    await page.goto(`${server.baseUrl}/coach-requests`);
    await page.getByRole('button', { name: 'Decline Pablo Ruiz' }).click();
    await toast(page, 'Player hidden from this request');
    // Gone from the ranked list, listed under Hidden.
    await page.getByRole('button', { name: 'Decline Pablo Ruiz' }).waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByRole('button', { name: 'Hidden (1)' }).click({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Restore to pool: Pablo Ruiz' }).click();
    await toast(page, 'Player restored to your pool');
    // Never shared before the decline: back in the pool as 'Not shared yet' (M7), not a share.
    await visible(page.getByRole('button', { name: 'Match Pablo Ruiz' }));
    const card = page.locator('.match-card', { hasText: 'Pablo Ruiz' });
    await visible(card.getByText('Not shared yet'));

    const match = await server.services.db
      .selectFrom('matches')
      .select(['id', 'status', 'shared_at'])
      .where('athlete_id', '=', pablo.id)
      .executeTakeFirstOrThrow();
    expect(match).toMatchObject({ status: null, shared_at: null });
    expect(await events(match.id)).toEqual([
      { from_status: null, to_status: 'declined', actor_role: 'coach', actor_id: coach.id },
      { from_status: 'declined', to_status: null, actor_role: 'coach', actor_id: coach.id },
    ]);
    // Nothing for the athlete to see (M8).
    const seen = await server.app.inject({ method: 'GET', url: '/api/athlete/matches', headers: { cookie: pablo.cookie } });
    expect(seen.json().matches).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('sends logged-out visitors of agent pages to the agent login', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.baseUrl}/agent/players`);
    await page.waitForURL(`${server.baseUrl}/agent-login`);
    await page.close();
  });
});
