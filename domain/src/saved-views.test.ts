import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ATHLETE_POSITIONS, LEAGUE_VALUES, MATCH_VIEWS } from './reference.ts';
import { MATCH_FILTER_STATUSES, type MatchFilters } from './list-tools.ts';
import { canonicalViewQuery, matchListFromParams, matchListParams, rosterQueryFromParams } from './saved-views.ts';

const filtersArb: fc.Arbitrary<MatchFilters> = fc.record(
  {
    position: fc.constantFrom(...ATHLETE_POSITIONS),
    nationality: fc.constantFrom('Spain', 'France', "Côte d'Ivoire"),
    league: fc.constantFrom(...LEAGUE_VALUES),
    minGpa: fc.constantFrom(0, 2, 2.5, 3.5, 4),
    hasVideo: fc.constantFrom('yes' as const, 'no' as const),
    status: fc.constantFrom(...MATCH_FILTER_STATUSES),
  },
  { requiredKeys: [] },
);

describe('a request list view in the address', () => {
  it('reads back what it writes, and a saved view of it is the same query', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MATCH_VIEWS), filtersArb, (view, filters) => {
        const params = matchListParams(view, filters);
        expect(matchListFromParams(params)).toEqual({ view, filters });
        const saved = canonicalViewQuery('coach', params.toString());
        if (params.size === 0) expect(saved).toHaveProperty('error');
        else expect(saved).toEqual({ query: params.toString() });
      }),
    );
  });

  it('leaves out values the list does not take instead of failing', () => {
    const read = matchListFromParams(new URLSearchParams('request=r1&view=grid&position=Striker&minGpa=9&hasVideo=yes&league=&status=pending'));
    expect(read).toEqual({ view: 'top15', filters: { hasVideo: 'yes', status: 'pending' } });
  });
});

describe('the roster in the address', () => {
  it('keeps what the roster takes, as the server reads it, and leaves out the rest', () => {
    const read = rosterQueryFromParams(
      new URLSearchParams('sort=matches&q=%20Ana%20&utm_source=mail&position=Goalkeeper&position=Striker&league=&page=02&profile=all'),
    );
    expect(read.toString()).toBe('q=Ana&position=Goalkeeper&page=2');
    expect(rosterQueryFromParams(new URLSearchParams('q=50%25&page=0&hasMatches=maybe&matchStatus=declined&sort=score')).toString()).toBe(
      'matchStatus=declined&sort=score',
    );
  });

  it('leaves a query it wrote as it is', () => {
    const query = 'q=Luc%C3%ADa&position=Left+Back&league=segunda-rfef&profile=incomplete&hasMatches=yes&matchStatus=pending&sort=name&page=3';
    expect(rosterQueryFromParams(new URLSearchParams(query)).toString()).toBe(query);
  });
});

describe('canonicalViewQuery', () => {
  it('orders the settings, drops defaults and what is not a view, and names what it refuses', () => {
    expect(canonicalViewQuery('agent', '?page=2&sort=score&position=Goalkeeper&q=%20Ana%20')).toEqual({ query: 'q=Ana&position=Goalkeeper&sort=score' });
    expect(canonicalViewQuery('agent', 'sort=news&page=3')).toEqual({ error: 'Choose a filter, a search or an order first: this view is the whole list' });
    expect(canonicalViewQuery('agent', 'q=50%25')).toEqual({ error: 'Search by name: letters, spaces, apostrophes, hyphens and dots only' });
    expect(canonicalViewQuery('coach', 'sort=score')).toEqual({ error: 'Unknown list setting: sort' });
    expect(canonicalViewQuery('coach', 'minGpa=3.50&view=position')).toEqual({ query: 'view=position&minGpa=3.5' });
  });
});
