import { cleanAthleteForCoach } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { athleteHighlights, hostOf, youtubeEmbedUrl } from './present.ts';

describe('youtubeEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
  ])('embeds %s', (link, embed) => expect(youtubeEmbedUrl(link)).toBe(embed));

  it.each([
    'https://vimeo.com/12345',
    'https://www.youtube.com/watch?v=<script>',
    'https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)',
    '',
    undefined,
  ])('does not embed %s', (link) => expect(youtubeEmbedUrl(link)).toBeNull());

  it('names the host of other links', () => expect(hostOf('https://www.vimeo.com/1')).toBe('vimeo.com'));
});

describe('athleteHighlights', () => {
  it('gives at most four bullets: league, GPA, goals + assists, then the first two extras', () => {
    const athlete = cleanAthleteForCoach({
      id: 'a1',
      leagueLevel: 'segunda-rfef',
      gpa: 3.42,
      goalsAssistsLastSeason: 9,
      playerExtras: ['Team captain', 'Regional team', 'Top 10 scorer'],
    })!;
    expect(athleteHighlights(athlete)).toEqual(['Plays in Segunda RFEF', '3.4 GPA on the U.S. 4.0 scale', '9 goals + assists last season', 'Team captain']);
  });

  it('uses no more than two extras and skips what is unknown', () => {
    const athlete = cleanAthleteForCoach({ id: 'a2', playerExtras: ['Team captain', 'Regional team', 'Top 10 scorer'] })!;
    expect(athleteHighlights(athlete)).toEqual(['Team captain', 'Regional team']);
    expect(athleteHighlights(cleanAthleteForCoach({ id: 'a3' })!)).toEqual([]);
  });
});
