import { describe, expect, it } from 'vitest';
import { createAthlete, createCoach } from '../integration/matches-fixtures.ts';
import { DESKTOP, visible, useServerAndBrowser } from '../support/browser.ts';
import { noBrowser } from '../support/requirements.ts';
import { createSignedInUser } from '../support/users.ts';

/** Text users stored is shown as text: markup in a name never runs in another user's env.browser. */
const HOSTILE_NAME = '<img src=x onerror="window.__xss=1">Eve';

describe.skipIf(noBrowser)('stored text is escaped in the web app', () => {
  const env = useServerAndBrowser();

  async function pageAs(cookie: string) {
    const context = await env.browser.newContext({ viewport: DESKTOP });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: env.server.baseUrl }]);
    return context.newPage();
  }

  it('shows a hostile athlete name literally to a coach and to an agent', async () => {
    const athlete = await createAthlete(env.server.services, HOSTILE_NAME, { agency: 'Eture' });
    const coach = await createCoach(env.server.services);
    const agent = await createSignedInUser(env.server.services, 'agent', { agency: 'Eture' });

    const coachPage = await pageAs(coach.cookie);
    await coachPage.goto(`${env.server.baseUrl}/coach/athletes/${athlete.id}`);
    await visible(coachPage.getByText(HOSTILE_NAME).first());
    expect(await coachPage.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await coachPage.locator('img[src="x"]').count()).toBe(0);

    const agentPage = await pageAs(agent.cookie);
    await agentPage.goto(`${env.server.baseUrl}/agent-dashboard`);
    await visible(agentPage.getByText(HOSTILE_NAME).first());
    expect(await agentPage.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await agentPage.locator('img[src="x"]').count()).toBe(0);
  });
});
