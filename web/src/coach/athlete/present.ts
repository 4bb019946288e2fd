import { COACH_VIEW_HIGHLIGHT_BULLETS, PROFILE_HIGHLIGHT_EXTRAS, type CoachAthlete } from '@app/domain';

/**
 * The YouTube embed address (privacy-enhanced youtube-nocookie.com) of a YouTube link, or null
 * for anything else: watch?v=, youtu.be/, /shorts/, /embed/ and /live/ forms.
 */
export function youtubeEmbedUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.|music\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else {
      const match = /^\/(?:shorts|embed|live|v)\/([^/]+)/.exec(url.pathname);
      id = match?.[1] ?? null;
    }
  }
  return id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}

/** The host of a link, for the "open in a new tab" prompt. */
export function hostOf(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./, '');
  } catch {
    return link;
  }
}

/**
 * Up to four highlight bullets for the coach's view of an athlete (spec section 9): the league,
 * the GPA, the goals-plus-assists figure and at most the first two extras, in that order.
 */
export function athleteHighlights(a: CoachAthlete): string[] {
  const bullets = [...a.highlights];
  if (a.leagueLevelLabel) bullets.push(`Plays in ${a.leagueLevelLabel}`);
  if (a.gpa !== undefined) bullets.push(`${a.gpa.toFixed(1)} GPA on the U.S. 4.0 scale`);
  if (a.goalsAssistsLastSeason !== undefined) bullets.push(`${a.goalsAssistsLastSeason} goals + assists last season`);
  bullets.push(...a.playerExtras.slice(0, PROFILE_HIGHLIGHT_EXTRAS));
  if (a.englishLevel === 'advanced') bullets.push('Advanced English');
  return [...new Set(bullets)].slice(0, COACH_VIEW_HIGHLIGHT_BULLETS);
}
