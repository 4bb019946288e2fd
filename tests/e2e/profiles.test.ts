import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe.ts';
import { DESKTOP, PHONE, goInApp, spilledContent, visible, watchPageProblems, useServerAndBrowser } from '../support/browser.ts';
import { noBrowser } from '../support/requirements.ts';
import { COMPLETE_ATHLETE_PROFILE } from '../support/fixtures.ts';
import { createSignedInUser } from '../support/users.ts';

const COMPLETE_PROFILE = {
  ...COMPLETE_ATHLETE_PROFILE,
  externalLinks: [{ platform: 'Transfermarkt', url: 'https://www.transfermarkt.com/lucia' }],
};

/** A 1x1 PNG the browser can decode. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe.skipIf(noBrowser)('profiles and requests in Chromium', () => {
  const env = useServerAndBrowser();

  async function signedInContext(cookie: string, viewport = DESKTOP): Promise<BrowserContext> {
    const context = await env.browser.newContext({ viewport });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: env.server.baseUrl }]);
    context.setDefaultTimeout(10_000);
    return context;
  }

  it('an athlete completes the profile with a photo and sees Profile complete', async () => {
    const athlete = await createSignedInUser(env.server.services, 'athlete', { fullName: 'Ana Torres' });
    const context = await signedInContext(athlete.cookie);
    const page = await context.newPage();
    const problems = watchPageProblems(page);

    await page.goto(`${env.server.baseUrl}/athlete-dashboard`);
    await visible(page.getByRole('heading', { name: 'Welcome, Ana' }));
    await visible(page.getByText('Action needed'));
    expect(await page.getByRole('button', { name: 'Locked' }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Complete profile' }).click();
    await visible(page.getByRole('heading', { name: 'Complete your profile' }));

    // Required fields missing: the spec's messages, nothing sent.
    await page.getByRole('button', { name: 'Save profile' }).click();
    await visible(page.getByText('Phone number is required'));
    await visible(page.getByText('Select at least one intended major'));
    await visible(page.getByText('Pick at least one preferred U.S. region'));
    // S15: no budget until the athlete picks one; the field says why it matters.
    const budget = page.getByRole('slider', { name: /Estimated yearly budget/ });
    expect(await budget.getAttribute('aria-valuetext')).toBe('Not set');
    await visible(page.getByText(/Choose your yearly budget: programs are matched on what you can afford/));

    await page.getByLabel('Profile photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await visible(page.getByRole('img', { name: 'Profile photo preview' }));
    await page.getByLabel('Age *', { exact: true }).fill('18');
    await page.getByLabel('Gender', { exact: true }).selectOption('female');
    await page.getByLabel('Phone number *').fill('+34 611 222 333');
    await page.getByLabel('Nationality *').fill('Spain');
    await page.getByLabel('English level *').selectOption('intermediate');
    await page.getByLabel('Grading scale *').selectOption('ten-point');
    // Typed with a decimal comma, as in Spain: read as 8.5 (a number input in an English browser read 85).
    await page.getByLabel('Academic average (0–10) *').pressSequentially('8,5');
    expect(await page.getByLabel('GPA (4.0 scale)').inputValue()).toBe('3.4');
    await page.getByLabel('Economics', { exact: true }).check();
    await page.getByLabel('Primary position *').selectOption('Forward');
    await page.getByLabel('Goals + assists last season').fill('11');
    await page.getByLabel('Current league *').selectOption('tercera-rfef');
    await page.getByLabel('Centimetres', { exact: true }).fill('180');
    expect(await page.getByLabel('Feet', { exact: true }).inputValue()).toBe('5');
    expect(await page.getByLabel('Inches', { exact: true }).inputValue()).toBe('11');
    await page.getByLabel('Pounds', { exact: true }).fill('165');
    expect(await page.getByLabel('Kilograms', { exact: true }).inputValue()).toBe('74.8');
    await page.getByLabel('Highlight video link').fill('https://youtu.be/dQw4w9WgXcQ');
    await page.getByRole('button', { name: '+ Add link' }).click();
    await page.getByLabel('Platform 1', { exact: true }).fill('Transfermarkt');
    await page.getByLabel('Link 1', { exact: true }).fill('https://www.transfermarkt.com/ana');
    await page.getByLabel('Fall 2026', { exact: true }).check();
    await page.getByLabel('Northeast', { exact: true }).check();
    // The slider reaches the top band.
    await budget.press('End');
    expect(await budget.getAttribute('aria-valuetext')).toBe('$50,000+');
    await page.getByRole('button', { name: 'Save profile' }).click();

    await visible(page.getByText('Profile updated'));
    await page.waitForURL(`${env.server.baseUrl}/athlete-dashboard`);
    await visible(page.getByText('Profile complete'));
    await visible(page.getByRole('img', { name: 'Photo of Ana Torres' }));
    // The top bar's avatar shows the uploaded photo, not the initials.
    await visible(page.locator('.account-button img.account-photo'));
    expect(await page.locator('.account-button .account-initials:not(img)').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'View matches' }).getAttribute('href')).toBe('/athlete-matches');
    // What is still worth adding, each tip opening the form at its field.
    const tips = page.getByRole('region', { name: 'Stand out to coaches' });
    await visible(tips);
    await tips.getByRole('link', { name: 'Add it: Add your extras' }).click();
    await page.waitForURL('**/athlete-complete-profile#playerExtras');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('playerExtras');
    await page.goto(`${env.server.baseUrl}/athlete-dashboard`);
    await visible(page.getByText('Profile complete'));

    const row = await env.server.services.db.selectFrom('athletes').selectAll().where('id', '=', athlete.id).executeTakeFirstOrThrow();
    expect(row.profile_completed).toBe(true);
    expect(row.profile).toMatchObject({
      age: 18,
      academicStanding: 8.5,
      gpa: 3.4,
      heightCm: 180,
      weightKg: 74.8,
      agency: 'Eture',
      goalsAssistsLastSeason: 11,
      estimatedBudget: 60000,
      profilePhotoUrl: expect.stringMatching(/^media\//),
    });

    // The read-only view shows the same profile.
    await page.goto(`${env.server.baseUrl}/athlete-profile`);
    await visible(page.getByRole('heading', { name: 'Ana Torres' }));
    await visible(page.getByText('Profile complete'));
    await visible(page.getByText('Tercera RFEF').first());
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a coach edits the program profile, creates a request, finds it in Ongoing Requests and deletes it', async () => {
    const coach = await createSignedInUser(env.server.services, 'coach', { firstName: 'Sam', lastName: 'Ortiz' });
    await env.server.services.db
      .updateTable('coaches')
      .set({
        profile: JSON.stringify({
          programName: 'Lakeside College',
          division: 'NAIA',
          programRegion: 'Midwest',
          schoolSize: 'Small <5k',
          coachFirstName: 'Sam',
          coachLastName: 'Ortiz',
          jobTitle: 'Assistant Coach',
          phoneNumber: '+1 555 0142',
          preferredContactMethod: 'Email',
          rosterNeedPriority: ['Goalkeeper'],
        }),
      })
      .where('id', '=', coach.id)
      .execute();
    const context = await signedInContext(coach.cookie);
    const page = await context.newPage();
    const problems = watchPageProblems(page);

    await page.goto(`${env.server.baseUrl}/coach-dashboard`);
    await visible(page.getByRole('heading', { name: 'Welcome, Coach Ortiz' }));
    await visible(page.getByText('No matches yet. Share a ⚡️ match from an ongoing request to start the conversation.'));
    await page.getByRole('link', { name: 'Edit profile' }).click();

    // Program profile: the university name is locked; the rest saves.
    await visible(page.getByRole('heading', { name: 'Sam Ortiz' }));
    expect(await page.getByLabel('University name').getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('Job title *').fill('Head Coach');
    await page.getByLabel('Region', { exact: true }).selectOption('West');
    await page.getByLabel('Roster needs (in priority order)').fill('Forward, Goalkeeper');
    await page.getByLabel('Segunda RFEF', { exact: true }).check();
    await page.getByLabel('University logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Save profile' }).click();
    await visible(page.getByText('Profile updated'));
    const saved = await env.server.services.db.selectFrom('coaches').select('profile').where('id', '=', coach.id).executeTakeFirstOrThrow();
    expect(saved.profile).toMatchObject({
      programName: 'Lakeside College',
      jobTitle: 'Head Coach',
      programRegion: 'West',
      rosterNeedPriority: ['Forward', 'Goalkeeper'],
      targetLeagueLevels: ['segunda-rfef'],
      universityLogoUrl: expect.stringMatching(/^media\//),
    });

    // Create a Request, prefilled from the profile just saved.
    await page.goto(`${env.server.baseUrl}/coach-request`);
    const forward = page.getByRole('button', { name: 'Forward', exact: true });
    await visible(forward);
    expect(await forward.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByLabel('Segunda RFEF', { exact: true }).isChecked()).toBe(true);
    await forward.click(); // pressing the selected position deselects it
    expect(await forward.getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('button', { name: 'Create request' }).click();
    await visible(page.getByText('Select at least one primary position'));

    await page.getByRole('button', { name: 'Winger', exact: true }).click();
    await page.getByLabel('Urgent request').check();
    await page.getByLabel("Women's Team", { exact: true }).check();
    await page.getByLabel('Fall 2026', { exact: true }).check();
    await page.getByLabel('$15,000 - $30,000', { exact: true }).check();
    await page.getByLabel('Additional context').fill('Min GPA 3.0, quick and two-footed.');
    await page.getByRole('button', { name: 'Create request' }).click();
    await visible(page.getByText('Request created'));
    await page.waitForURL(`${env.server.baseUrl}/coach-requests`);

    const list = page.getByRole('navigation', { name: 'Your requests' });
    await visible(list.getByText('Winger'));
    await visible(list.getByText('Urgent'));
    const detail = page.locator('section', { has: page.getByRole('heading', { name: /Winger/ }) });
    await visible(detail.getByText('Min GPA 3.0, quick and two-footed.'));
    await visible(detail.getByText('$15,000 - $30,000'));
    await visible(detail.getByText('West'));

    // Delete: an accessible confirmation that Escape dismisses, then confirm.
    await detail.getByRole('button', { name: 'Delete request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete request' });
    await visible(dialog.getByText('Delete this recruitment request? This action cannot be undone.'));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await detail.getByRole('button', { name: 'Delete request' }).click();
    await dialog.getByRole('button', { name: 'Delete request' }).click();
    await visible(page.getByText('Request deleted'));
    await visible(page.getByText('You have no ongoing requests yet.'));

    const requests = await env.server.services.db.selectFrom('coach_requests').selectAll().where('coach_id', '=', coach.id).execute();
    expect(requests).toHaveLength(1);
    expect(requests[0].deleted_at).not.toBeNull();
    expect(requests[0].data).toMatchObject({
      positions: ['Winger'],
      urgent: true,
      teamCategories: ["Women's Team"],
      regions: ['West'],
      playerLevels: ['segunda-rfef'],
    });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends logged-out visitors away from the protected pages', async () => {
    const context = await env.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    for (const path of ['/athlete-dashboard', '/athlete-complete-profile', '/coach-request', '/coach-requests', '/coach-dashboard']) {
      await page.goto(`${env.server.baseUrl}${path}`);
      await page.waitForURL(`${env.server.baseUrl}/`);
    }
    await page.goto(`${env.server.baseUrl}/coach/athletes/00000000-0000-4000-8000-000000000000`);
    await page.waitForURL(`${env.server.baseUrl}/coach-login`);
    await context.close();
  });

  it('renders every profile and request page at desktop and phone widths without serious axe violations or sideways scrolling', async () => {
    const athlete = await createSignedInUser(env.server.services, 'athlete', { fullName: 'Lucía Pérez' });
    const coach = await createSignedInUser(env.server.services, 'coach', { firstName: 'Dana', lastName: 'Reyes' });
    await env.server.app.inject({ method: 'PUT', url: '/api/athlete/profile', headers: { cookie: athlete.cookie }, payload: COMPLETE_PROFILE });
    const request = (
      await env.server.app.inject({
        method: 'POST',
        url: '/api/coach/requests',
        headers: { cookie: coach.cookie },
        payload: { positions: ['Forward'], urgent: true },
      })
    ).json();
    await env.server.services.db
      .insertInto('matches')
      .values({ request_id: request._id, athlete_id: athlete.id, coach_id: coach.id, status: 'accepted', status_by: 'athlete', shared_at: new Date() })
      .execute();
    const pages: Array<[cookie: string, path: string, heading: string | RegExp]> = [
      [athlete.cookie, '/athlete-dashboard', 'Welcome, Lucía'],
      [athlete.cookie, '/athlete-complete-profile', 'Edit your profile'],
      [athlete.cookie, '/athlete-profile', 'Lucía Pérez'],
      [coach.cookie, '/coach-dashboard', 'Welcome, Coach Reyes'],
      [coach.cookie, '/coach-profile', 'Dana Reyes'],
      [coach.cookie, '/coach-request', 'Create a Request'],
      [coach.cookie, '/coach-requests', 'Ongoing Requests'],
      [coach.cookie, `/coach/athletes/${athlete.id}`, 'Lucía Pérez'],
    ];
    // One document per user and width: its first screen loaded directly, the others reached in the app.
    for (const viewport of [DESKTOP, PHONE]) {
      for (const cookie of [athlete.cookie, coach.cookie]) {
        const context = await signedInContext(cookie, viewport);
        const page = await context.newPage();
        const problems = watchPageProblems(page);
        let first = true;
        for (const [, path, heading] of pages.filter(([pageCookie]) => pageCookie === cookie)) {
          if (first) await page.goto(`${env.server.baseUrl}${path}`, { waitUntil: 'networkidle' });
          else await goInApp(page, path);
          first = false;
          await visible(page.getByRole('heading', { level: 1, name: heading }));
          expect(await page.locator('main#main').count(), path).toBe(1);
          // The page's own content; the shared chrome is checked by its own tests.
          expect(await seriousAxeViolations(page, 'main#main'), `${path} at ${viewport.width}`).toEqual([]);
          const overflow = await page.locator('main#main').evaluate((main) => main.scrollWidth - main.clientWidth);
          expect(overflow, `${path} at ${viewport.width} scrolls sideways`).toBeLessThanOrEqual(0);
          expect(await spilledContent(page), `${path} at ${viewport.width}: content past a card's edge`).toEqual([]);
          if (path === '/coach-dashboard') {
            // The matches to review start on the first screen of a desktop; on a phone the four cards
            // above them are short (no text under their titles), the matches within a screen and a quarter.
            const reviewTop = (await page.getByRole('heading', { level: 2, name: 'Review matches' }).boundingBox())!.y;
            expect(reviewTop, `Review matches at ${viewport.width}`).toBeLessThan(viewport === PHONE ? viewport.height * 1.25 : viewport.height);
          }
          expect(problems, path).toEqual([]);
        }
        await context.close();
      }
    }
  }, 180_000);
});
