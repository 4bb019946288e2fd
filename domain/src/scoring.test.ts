// Table-driven tests of every scoring rule (spec section 9, decisions S1-S13). Expected values are
// computed by hand in the comments; the baseline pair scores every component at its maximum except
// extras (the baseline request asks for none).
import { describe, expect, it } from 'vitest';
import { BUDGET_SLIDER } from './reference.ts';
import {
  compareRanked,
  highlightAthleteOf,
  highlightsFor,
  NO_HIGHLIGHT_FACTS,
  writeHighlights,
  minGpaFromNotes,
  requestMinGpa,
  orderForView,
  hiddenRows,
  positionGroupsOf,
  profileTips,
  resolveAthlete,
  resolveRequest,
  scorePair,
  scoreValue,
  WEIGHTS_DEFAULT,
  WEIGHTS_URGENT,
  type AthleteScoringInput,
  type RequestScoringInput,
  type ViewRow,
} from './scoring.ts';

const BASE_ATHLETE: AthleteScoringInput = {
  id: 'athlete-1',
  updatedAt: '2025-01-01T00:00:00Z',
  profileCompleted: true,
  gender: 'male',
  age: 20,
  isTransfer: false,
  gpa: 4,
  primaryPosition: 'Forward',
  secondaryPosition: 'Center Back',
  leagueLevel: 'primera-rfef',
  targetStartTerms: ['Fall 2026'],
  schoolSizePreference: 'Medium',
  preferredUsRegions: ['Midwest'],
  estimatedBudget: 60000,
  playerExtras: ['Team captain'],
  highlightVideoUrl: 'https://youtu.be/abc',
  goalsAssistsLastSeason: 10,
  externalLinks: [],
};

const BASE_REQUEST: RequestScoringInput = {
  id: 'request-1',
  urgent: false,
  positions: ['Forward'],
  ageMin: 16,
  ageMax: 22,
  teamCategories: [],
  regions: [],
  playerLevels: ['primera-rfef'],
  targetStartTerms: ['Fall 2026'],
  estimatedBudget: '',
  playerExtras: [],
  openToTransfer: false,
  institutionSize: '',
  notes: '',
};

function score(athlete: Partial<AthleteScoringInput> = {}, request: Partial<RequestScoringInput> = {}) {
  return scorePair(resolveAthlete({ ...BASE_ATHLETE, ...athlete }), resolveRequest({ ...BASE_REQUEST, ...request }));
}
function scored(athlete: Partial<AthleteScoringInput> = {}, request: Partial<RequestScoringInput> = {}) {
  const result = score(athlete, request);
  if (!result) throw new Error('expected the pair to be scored');
  return result;
}

describe('weights', () => {
  it('are the spec values', () => {
    expect(WEIGHTS_DEFAULT).toEqual({ position: 0.4, academics: 0.4, lyfs: 0.1, region: 0.05, budget: 0.05, extras: 0.05 });
    expect(WEIGHTS_URGENT).toEqual({ position: 0.5, academics: 0.4, lyfs: 0.06, region: 0.03, budget: 0.03, extras: 0.03 });
  });

  it.each([
    // 0.4 + 0.4 + 0.1 + 0.05 + 0.05 + 0 = 1.00
    ['default', false, 100],
    // 0.5 + 0.4 + 0.06 + 0.03 + 0.03 + 0 = 1.02
    ['urgent', true, 102],
  ])('%s weights give the baseline %d', (_name, urgent, expected) => {
    const result = scored({}, { urgent });
    expect(result.score).toBe(expected);
    expect(result.subScores).toEqual({ position: 100, academics: 100, lyfs: 100, region: 100, budget: 100, extras: 0 });
  });

  it('a perfect pair reaches 105 with either weight set (the spec weights add up to 1.05)', () => {
    const extras = ['Team captain', 'Regional team', 'Top 10 scorer', 'Professional academy'];
    expect(scored({ playerExtras: extras }, { playerExtras: extras }).score).toBe(105);
    expect(scored({ playerExtras: extras }, { playerExtras: extras, urgent: true }).score).toBe(105);
  });
});

describe('eligibility (S1)', () => {
  it.each([
    ['profile not complete', { profileCompleted: false }, {}],
    ['transfer when the request is closed to transfers', { isTransfer: true }, { openToTransfer: false }],
    ['age below the minimum', { age: 15 }, { ageMin: 16, ageMax: 22 }],
    ['age above the maximum', { age: 23 }, { ageMin: 16, ageMax: 22 }],
    ["female athlete, men's team only", { gender: 'female' }, { teamCategories: ["Men's Team"] }],
    ["unknown gender, men's team only", { gender: null }, { teamCategories: ["Men's Team"] }],
    ["male athlete, women's team only", { gender: 'male' }, { teamCategories: ["Women's Team"] }],
    ["unknown gender, women's team only", { gender: '' }, { teamCategories: ["Women's Team"] }],
  ] as const)('excludes: %s', (_name, athlete, request) => {
    expect(score(athlete, request)).toBeNull();
    expect(scoreValue(resolveAthlete({ ...BASE_ATHLETE, ...athlete }), resolveRequest({ ...BASE_REQUEST, ...request }))).toBeNull();
  });

  it.each([
    ['transfer when the request is open to transfers', { isTransfer: true }, { openToTransfer: true }],
    ['non-transfer when the request is closed to transfers', { isTransfer: false }, { openToTransfer: false }],
    ['age at the minimum', { age: 16 }, {}],
    ['age at the maximum', { age: 22 }, {}],
    ['unknown age', { age: null }, {}],
    ["male athlete, men's team only", { gender: 'male' }, { teamCategories: ["Men's Team"] }],
    ["female athlete, women's team only", { gender: 'female' }, { teamCategories: ["Women's Team"] }],
    ['female athlete, both teams', { gender: 'female' }, { teamCategories: ["Men's Team", "Women's Team"] }],
    ['unknown gender, no team category', { gender: null }, { teamCategories: [] }],
  ] as const)('keeps: %s', (_name, athlete, request) => {
    expect(score(athlete, request)).not.toBeNull();
  });
});

describe('position (S2)', () => {
  it.each([
    // primary in group: full weight
    ['Forward', 'Center Back', ['Forward'], 'primary', true, 100, 100],
    ['Left Winger', null, ['Winger'], 'primary', true, 100, 100],
    ['Right Winger', null, ['Winger'], 'primary', true, 100, 100],
    ['Forward', null, ['Winger'], 'primary', false, 100, 100],
    ['Central Midfield', null, ['Defensive Midfield'], 'primary', false, 100, 100],
    ['Center Back', null, ['Left Back', 'Goalkeeper'], 'primary', false, 100, 100],
    // secondary: min(0.15, 0.4) = 0.15 -> 37.5 % of the weight; total 0.15 + 0.6 = 0.75
    ['Center Back', 'Forward', ['Forward'], 'secondary', false, 37.5, 75],
    ['Goalkeeper', 'Attacking Midfield', ['Defensive Midfield'], 'secondary', false, 37.5, 75],
    // no group in common: 0; total 0.6
    ['Goalkeeper', 'Center Back', ['Forward'], null, false, 0, 60],
    [null, 'Forward', ['Goalkeeper'], null, false, 0, 57], // 0.6 x 0.95 (no primary position)
  ] as const)('%s / %s against %j', (primary, secondary, positions, match, exact, subScore, total) => {
    const result = scored({ primaryPosition: primary, secondaryPosition: secondary }, { positions: [...positions] });
    expect(result.positionMatch).toBe(match);
    expect(result.positionExact).toBe(exact);
    expect(result.subScores.position).toBe(subScore);
    expect(result.score).toBe(total);
  });

  it('urgent secondary: 0.15 of 0.5 is 30 %; total 0.15 + 0.4 + 0.06 + 0.03 + 0.03 = 0.67', () => {
    const result = scored({ primaryPosition: 'Goalkeeper', secondaryPosition: 'Forward' }, { urgent: true });
    expect(result.subScores.position).toBe(30);
    expect(result.score).toBe(67);
  });

  it('groups of positions', () => {
    expect(positionGroupsOf(['Forward', 'Goalkeeper', 'Winger'])).toEqual(['goalkeeper', 'attacker']);
    expect(positionGroupsOf(['Central Midfield', 'Right Back'])).toEqual(['defender', 'midfielder']);
    expect(positionGroupsOf('Left Winger')).toEqual(['attacker']);
    expect(positionGroupsOf(['Libero'])).toEqual([]);
  });
});

describe('academics (S3)', () => {
  it.each([
    ['min GPA 3.2', 3.2],
    ['GPA: 3', 3],
    ['gpa>=2.8', 2.8],
    ['GPA 3.25 please', 3.25],
    ['gpa at least 3.1', 3.1], // ' at least ' is 10 characters
    [`gpa${'x'.repeat(12)}3.3`, 3.3], // 12 non-digits: still read
    [`gpa${'x'.repeat(13)}3.3`, 2.5], // 13: too far
    ['GPA of at least 3.1', 2.5], // ' of at least ' is 13 characters
    ['GPA 5', 4], // clamped
    ['Gpa 0', 0],
    ['GPA 3.0, later gpa 3.5', 3],
    ['no requirement', 2.5],
    ['', 2.5],
    [null, 2.5],
  ])('minimum GPA from %j is %d', (notes, expected) => {
    expect(minGpaFromNotes(notes)).toBe(expected);
  });

  it('uses the request’s own minimum GPA when set, else the notes, else 2.5 (S3)', () => {
    expect(requestMinGpa({ minGpa: 3.4, notes: 'min GPA 2.0' })).toBe(3.4);
    expect(requestMinGpa({ minGpa: 0, notes: 'min GPA 2.0' })).toBe(0);
    expect(requestMinGpa({ minGpa: null, notes: 'min GPA 2.0' })).toBe(2);
    expect(requestMinGpa({ notes: '' })).toBe(2.5);
    expect(resolveRequest({ id: 'r', positions: ['Forward'], minGpa: 3.4, notes: 'GPA 2' }).minGpa).toBe(3.4);
  });

  it.each([
    // min 3.0, span 1.0
    ['above the minimum', 3.5, 'min GPA 3.0', 50, 80], // 0.5 / 1.0 -> 0.2; 0.6 + 0.2
    ['at the minimum', 3, 'min GPA 3.0', 0, 60],
    ['below the minimum: 0 and halved', 2.9, 'min GPA 3.0', 0, 30], // 0.6 x 0.5
    ['default minimum 2.5', 3.1, '', 40, 76], // 0.6 / 1.5 = 0.4 -> 0.16; 0.76
    ['minimum 4, GPA 4: span 0.1', 4, 'GPA 4', 0, 60],
    ['minimum 3.95, GPA 4: span max(0.05, 0.1)', 4, 'GPA 3.95', 50, 80],
    ['missing GPA: 0, no penalty, one missing item', null, 'min GPA 3.0', 0, 57], // 0.6 x 0.95
    ['out-of-range GPA is missing', 4.5, '', 0, 57],
  ] as const)('%s', (_name, gpa, notes, subScore, total) => {
    const result = scored({ gpa }, { notes });
    expect(result.subScores.academics).toBe(subScore);
    expect(result.score).toBe(total);
  });

  it('urgent academics keeps its 0.4 weight: GPA 3.5 over min 3.0 -> 0.2; 0.5 + 0.2 + 0.12', () => {
    expect(scored({ gpa: 3.5 }, { notes: 'GPA 3', urgent: true }).score).toBe(82);
  });

  it.each([
    [2.8, '', true], // 2.5 + 0.3
    [2.7, '', false],
    [3.5, 'min gpa 3.2', true], // 3.2 + 0.3 in binary is 3.5000000000000004
    [3.4, 'min gpa 3.2', false],
    [null, '', false],
  ])('"Exceeds" highlight for GPA %s with notes %j: %s', (gpa, notes, expected) => {
    const h = highlightsFor(resolveAthlete({ ...BASE_ATHLETE, gpa }), resolveRequest({ ...BASE_REQUEST, notes }));
    expect(h.some((line) => line.startsWith('Exceeds'))).toBe(expected);
  });
});

describe('LYFS: league (S4)', () => {
  // lyfs = league x 0.05 + 0.03 + 0.02 (at weight 0.10); total = 0.9 + lyfs
  it.each([
    ['primera-rfef', ['primera-rfef'], 100, 100], // difference 0 -> 1
    ['segunda-rfef', ['primera-rfef'], 87.5, 98.8], // 1 -> 0.75; lyfs 0.0875; 98.75 -> half up
    ['tercera-rfef', ['primera-rfef'], 75, 97.5], // 2 -> 0.5
    ['ligas-regionales-preferente', ['primera-rfef'], 62.5, 96.3], // 3 -> 0.25; 96.25 -> half up
    ['primera-regional', ['primera-rfef'], 50, 95], // 4 -> 0
    ['segunda-juvenil', ['primera-rfef'], 50, 95], // 5 vs 1 -> 0
    ['division-de-honor', ['segunda-rfef'], 100, 100], // youth level 2 vs senior level 2
    ['primera-regional', ['primera-rfef', 'tercera-rfef'], 75, 97.5], // smallest difference 2
    ['Segunda RFEF', ['primera-rfef'], 87.5, 98.8], // label
    [2, ['primera-rfef'], 87.5, 98.8], // number
    [null, ['primera-rfef'], 62.5, 96.3], // unknown -> 0.25
    ['no-such-league', ['primera-rfef'], 62.5, 96.3],
    [7, ['primera-rfef'], 62.5, 96.3], // the coach view's 6..8 are not league scores
    ['primera-regional', [], 100, 100], // no requested levels -> 1
    [null, [], 100, 100],
  ] as const)('athlete %j against %j', (league, levels, lyfs, total) => {
    const result = scored({ leagueLevel: league }, { playerLevels: [...levels] });
    expect(result.subScores.lyfs).toBe(lyfs);
    expect(result.score).toBe(total);
  });

  it('urgent rescales LYFS to 0.06: league 0.75 -> (0.0375 + 0.05) x 0.6 = 0.0525 (87.5 %)', () => {
    const result = scored({ leagueLevel: 'segunda-rfef' }, { urgent: true });
    expect(result.subScores.lyfs).toBe(87.5);
    expect(result.score).toBe(101.3); // 0.5 + 0.4 + 0.0525 + 0.06 = 1.0125 -> 101.25 -> half up
  });
});

describe('LYFS: academic timing (S5)', () => {
  // lyfs = 0.05 + timing x 0.03 + 0.02
  it.each([
    [['Fall 2026'], ['Fall 2026'], 100, 100],
    [['Fall 2027'], ['Fall 2026'], 89.8, 99], // 0.66: 0.0898 -> 0.9898 -> 98.98
    [['Fall 2025'], ['Fall 2026'], 89.8, 99],
    [['Spring 2026'], ['Fall 2026'], 70, 97], // other season
    [['Spring 2027'], ['Fall 2026'], 70, 97],
    [['Fall 2028'], ['Fall 2026'], 70, 97], // two years apart
    [['Spring 2026', 'Fall 2027'], ['Fall 2026'], 89.8, 99], // best pair
    [['Spring 2027'], ['Spring 2026', 'Fall 2026'], 89.8, 99],
    [['Fall 2027', 'Fall 2026'], ['Fall 2026'], 100, 100],
    [[], ['Fall 2026'], 70, 97], // athlete without terms -> 0
    [[], [], 100, 100], // no requested terms -> 1
    [['Fall 2027'], [], 100, 100],
  ])('athlete %j against %j', (athleteTerms, requestTerms, lyfs, total) => {
    const result = scored({ targetStartTerms: athleteTerms }, { targetStartTerms: requestTerms });
    expect(result.subScores.lyfs).toBe(lyfs);
    expect(result.score).toBe(total);
  });
});

describe('LYFS: school size (S6)', () => {
  // lyfs = 0.05 + 0.03 + size x 0.02
  it.each([
    ['Medium', 'Medium 5-15k', 100, 100],
    ['Medium', 'Small <5k', 90, 99], // one step -> 0.5
    ['Medium', 'Large 15-30k', 90, 99],
    ['Medium', 'Very Large >30k', 90, 99], // Very Large reads as Large
    ['Small', 'Large 15-30k', 80, 98], // two steps -> 0
    ['Small', 'Very Large >30k', 80, 98],
    ['Large', 'Very Large >30k', 100, 100],
    ['Large', 'Small <5k', 80, 98],
    ['Any', 'Small <5k', 100, 100], // Any -> 1
    [null, 'Small <5k', 100, 100], // unknown -> 1
    ['Small', '', 100, 100], // request without a size -> 1
  ])('athlete %j, program %j', (preference, size, lyfs, total) => {
    const result = scored({ schoolSizePreference: preference }, { institutionSize: size });
    expect(result.subScores.lyfs).toBe(lyfs);
    expect(result.score).toBe(total);
  });
});

describe('region (S8)', () => {
  // total = 0.95 + region x 0.05
  it.each([
    [['Midwest'], [], 100, 100], // request without regions
    [[], [], 100, 100],
    [['No preference'], ['Pacific Northwest'], 100, 100],
    [['Midwest'], ['Midwest'], 100, 100], // exact
    [['Midwest'], ['Southwest'], 60, 98], // adjacent
    [['Northeast'], ['Pacific Northwest'], 20, 96], // other
    [[], ['Midwest'], 20, 96], // athlete without preferences
    [['Pacific Northwest', 'Midwest'], ['Midwest'], 100, 100], // any preferred region counts
    // coach regions expand
    [['Mid-Atlantic'], ['Northeast'], 100, 100], // Northeast -> Northeast, Mid-Atlantic
    [['Northeast'], ['Northeast'], 100, 100],
    [['Southeast'], ['Northeast'], 60, 98], // Southeast is adjacent to Mid-Atlantic
    [['Midwest'], ['Midwest'], 100, 100],
    [['Southeast'], ['South'], 100, 100], // South -> Southeast, Southwest
    [['Southwest'], ['South'], 100, 100],
    [['Midwest'], ['South'], 60, 98],
    [['Pacific Northwest'], ['South'], 20, 96],
    [['Mountain West'], ['West'], 100, 100], // West -> West Coast, Mountain West, Pacific Northwest
    [['West Coast'], ['West'], 100, 100],
    [['Pacific Northwest'], ['West'], 100, 100],
    [['Southwest'], ['West'], 60, 98],
    [['Northeast'], ['West'], 20, 96],
  ])('athlete %j, request %j', (preferred, regions, subScore, total) => {
    const result = scored({ preferredUsRegions: preferred }, { regions });
    expect(result.subScores.region).toBe(subScore);
    expect(result.score).toBe(total);
  });

  // The adjacency map of decision S8, written out; every ordered pair of athlete regions is checked.
  const ADJACENT: Record<string, string[]> = {
    Northeast: ['Mid-Atlantic', 'Midwest'],
    'Mid-Atlantic': ['Northeast', 'Southeast', 'Midwest'],
    Southeast: ['Mid-Atlantic', 'Midwest', 'Southwest'],
    Midwest: ['Northeast', 'Mid-Atlantic', 'Southeast', 'Mountain West', 'Southwest'],
    Southwest: ['Southeast', 'Midwest', 'Mountain West', 'West Coast'],
    'Mountain West': ['Midwest', 'Southwest', 'West Coast', 'Pacific Northwest'],
    'West Coast': ['Southwest', 'Mountain West', 'Pacific Northwest'],
    'Pacific Northwest': ['West Coast', 'Mountain West'],
  };
  // Northeast and Midwest are also coach regions: Northeast expands to {Northeast, Mid-Atlantic},
  // Midwest to itself. The other six stand for themselves.
  const expand = (region: string) => (region === 'Northeast' ? ['Northeast', 'Mid-Atlantic'] : [region]);
  const regions = Object.keys(ADJACENT);
  const pairs = regions.flatMap((athleteRegion) =>
    regions.map((requested) => {
      const set = expand(requested);
      const expected = set.includes(athleteRegion) ? 100 : set.some((r) => ADJACENT[r].includes(athleteRegion)) ? 60 : 20;
      return [athleteRegion, requested, expected] as const;
    }),
  );
  it.each(pairs)('athlete region %s, requested %s: %d', (athleteRegion, requested, expected) => {
    expect(scored({ preferredUsRegions: [athleteRegion] }, { regions: [requested] }).subScores.region).toBe(expected);
  });
  it('the adjacency map is symmetric', () => {
    for (const [a, list] of Object.entries(ADJACENT)) for (const b of list) expect(ADJACENT[b]).toContain(a);
  });
});

describe('budget (S9)', () => {
  // total = 0.95 + budget x 0.05
  const bands = [
    ['$0 - $5,000', 5000],
    ['$5,000 - $15,000', 15000],
    ['$15,000 - $30,000', 30000],
    ['$30,000 - $50,000', 50000],
    ['$50,000+', 60000],
  ] as const;
  it.each(bands)('%s: at the limit %d scores full', (label, limit) => {
    const result = scored({ estimatedBudget: limit }, { estimatedBudget: label });
    expect(result.subScores.budget).toBe(100);
    expect(result.score).toBe(100);
  });
  it.each(bands)('%s: one dollar under %d scores 0', (label, limit) => {
    const result = scored({ estimatedBudget: limit - 1 }, { estimatedBudget: label });
    expect(result.subScores.budget).toBe(0);
    expect(result.score).toBe(95);
  });
  it('$50,000+ needs 60,000: 50,000 is not enough', () => {
    expect(scored({ estimatedBudget: 50000 }, { estimatedBudget: '$50,000+' }).subScores.budget).toBe(0);
  });
  it('unknown athlete budget scores 0', () => {
    expect(scored({ estimatedBudget: null }, { estimatedBudget: '$0 - $5,000' }).subScores.budget).toBe(0);
  });
  it('request without a budget scores full, even for an unknown athlete budget', () => {
    expect(scored({ estimatedBudget: null }, { estimatedBudget: '' }).subScores.budget).toBe(100);
  });
  // The S15 migration turns stored 0 budgets into "not set" without rescoring: it relies on this.
  it.each([...bands.map(([label]) => label), ''])('a 0 budget scores exactly as an unknown one against %j', (label) => {
    expect(scored({ estimatedBudget: 0 }, { estimatedBudget: label })).toEqual(scored({ estimatedBudget: null }, { estimatedBudget: label }));
  });
  it("the slider's top stop (S15) meets the top band", () => {
    expect(BUDGET_SLIDER.top).toBe(bands[bands.length - 1][1]);
    expect(scored({ estimatedBudget: BUDGET_SLIDER.top }, { estimatedBudget: BUDGET_SLIDER.topLabel }).subScores.budget).toBe(100);
  });
});

describe('extras (S10)', () => {
  const requested = ['Team captain', 'National team experience', 'Regional team', 'Top 10 scorer'];
  it.each([
    // points: 0, 0.02, 0.035, 0.045, 0.055 capped at 0.05; total = 1.00 + points
    [0, [], 0, 100],
    [1, ['Team captain'], 40, 102],
    [2, ['Team captain', 'Regional team'], 70, 103.5],
    [3, ['Team captain', 'Regional team', 'Top 10 scorer'], 90, 104.5],
    [4, requested, 100, 105],
  ])('%d matches', (_n, athleteExtras, subScore, total) => {
    const result = scored({ playerExtras: athleteExtras }, { playerExtras: requested });
    expect(result.subScores.extras).toBe(subScore);
    expect(result.score).toBe(total);
  });

  it.each([
    // urgent cap 0.03: one match 0.02 (66.7 %), two 0.035 -> 0.03
    [1, ['Team captain'], 66.7, 104], // 1.02 + 0.02
    [2, ['Team captain', 'Regional team'], 100, 105],
  ])('urgent, %d matches', (_n, athleteExtras, subScore, total) => {
    const result = scored({ playerExtras: athleteExtras }, { playerExtras: requested, urgent: true });
    expect(result.subScores.extras).toBe(subScore);
    expect(result.score).toBe(total);
  });

  it('compares trimmed and case-insensitively, reads text split on commas and newlines', () => {
    expect(scored({ playerExtras: ' team CAPTAIN ,Regional team\nTop 10 scorer' }, { playerExtras: requested }).subScores.extras).toBe(90);
  });
  it('counts free-text extras too', () => {
    expect(scored({ playerExtras: ['Left footed'] }, { playerExtras: ['left FOOTED'] }).subScores.extras).toBe(40);
  });
  it('counts a duplicated request extra once', () => {
    expect(scored({ playerExtras: ['Team captain'] }, { playerExtras: ['Team captain', 'team captain'] }).subScores.extras).toBe(40);
  });
});

describe('incompleteness (S11)', () => {
  it.each([
    ['nothing missing', {}, 100],
    ['no video', { highlightVideoUrl: null }, 95], // 0.95
    ['no statistics (no goals, no links)', { goalsAssistsLastSeason: null, externalLinks: [] }, 95],
    ['a link stands for statistics', { goalsAssistsLastSeason: null, externalLinks: [{ platform: 'Transfermarkt', url: 'https://tm.com/x' }] }, 100],
    ['goals of 0 is a figure', { goalsAssistsLastSeason: 0 }, 100],
    ['no video, no statistics', { highlightVideoUrl: '', goalsAssistsLastSeason: null }, 90.3], // 0.9025 -> 90.25 -> half up
    // no video, GPA, primary position or statistics: 0.95^4 = 0.81450625 x (0.1 + 0.05 + 0.05) = 16.29
    ['four missing', { highlightVideoUrl: null, gpa: null, primaryPosition: null, secondaryPosition: null, goalsAssistsLastSeason: null }, 16.3],
  ])('%s', (_name, athlete, total) => {
    expect(scored(athlete).score).toBe(total);
  });

  it('floor of 0.8: five missing items would be 0.95^5 = 0.774', () => {
    const athlete = resolveAthlete({ id: 'x', profileCompleted: false });
    expect(athlete.incompleteness).toBe(0.8);
    expect(resolveAthlete({ id: 'x', profileCompleted: true }).incompleteness).toBeCloseTo(0.95 ** 4, 12);
  });
});

describe('result (S12)', () => {
  // min 2.5: 0.4 (position) + 0.2 (LYFS, region, budget) + academics; academics = (gpa - 2.5) / 1.5 x 0.4
  it.each([
    [2.875, 70, true], // academics 0.1 -> 0.7
    [2.874, 70, true], // 0.099733 -> 69.97 -> 70.0
    [2.87, 69.9, false], // 0.098667 -> 69.87
  ])('GPA %d: score %d, listed %s (threshold 70)', (gpa, total, listed) => {
    const result = scored({ gpa });
    expect(result.score).toBe(total);
    expect(result.listed).toBe(listed);
  });

  it('rounds half up at one decimal (0.9875 -> 98.8, 0.9625 -> 96.3)', () => {
    expect(scored({ leagueLevel: 'segunda-rfef' }).score).toBe(98.8);
    expect(scored({ leagueLevel: 'ligas-regionales-preferente' }).score).toBe(96.3);
    // league 0.25: lyfs 0.0625; no video: (0.9 + 0.0625) x 0.95 = 0.914375 -> 91.4375 -> 91.4
    expect(scored({ leagueLevel: 'ligas-regionales-preferente', highlightVideoUrl: null }).score).toBe(91.4);
  });

  it('sub-scores are percents of their own weight', () => {
    const result = scored(
      { gpa: 3.1, leagueLevel: 'tercera-rfef', preferredUsRegions: ['Southwest'] },
      { regions: ['Midwest'], estimatedBudget: '$50,000+', playerExtras: ['Team captain'], urgent: true },
    );
    expect(result.subScores).toEqual({ position: 100, academics: 40, lyfs: 75, region: 60, budget: 100, extras: 66.7 });
    // 0.5 + 0.16 + 0.045 + 0.018 + 0.03 + 0.02 = 0.773
    expect(result.score).toBe(77.3);
  });

  it('highlights only for listed pairs; at most four', () => {
    const athlete = { gpa: 3.6, playerExtras: ['Team captain', 'Regional team', 'Top 10 scorer'] };
    const request = { playerExtras: ['Top 10 scorer', 'Regional team', 'Team captain'] };
    const listed = scored(athlete, request);
    // What the index stores: the facts beyond the position match.
    expect(listed.highlight).toEqual({ exceedsMinGpa: 2.5, requestedLevel: true, extras: 'Team captain, Regional team' });
    const words = [
      'Primary position Forward matches the request',
      'Exceeds the minimum GPA of 2.5 (GPA 3.6)',
      'Plays at a requested level: Primera RFEF',
      'Extras: Team captain, Regional team',
    ];
    expect(highlightsFor(resolveAthlete({ ...BASE_ATHLETE, ...athlete }), resolveRequest({ ...BASE_REQUEST, ...request }))).toEqual(words);
    // A list read words them from the stored facts and the athlete's stored values.
    expect(
      writeHighlights(listed, highlightAthleteOf({ primaryPosition: ' forward ', secondaryPosition: null, gpa: '3.6', leagueLevel: BASE_ATHLETE.leagueLevel })),
    ).toEqual(words);
    const unlisted = scored({ gpa: 2.6, primaryPosition: 'Goalkeeper', secondaryPosition: 'Left Winger' }, { positions: ['Winger'] });
    expect(unlisted.listed).toBe(false);
    expect(unlisted.highlight).toEqual(NO_HIGHLIGHT_FACTS);
    expect(
      highlightsFor(
        resolveAthlete({ ...BASE_ATHLETE, primaryPosition: 'Goalkeeper', secondaryPosition: 'Left Winger' }),
        resolveRequest({ ...BASE_REQUEST, positions: ['Winger'] }),
      ),
    ).toContain('Secondary position Left Winger fits the attacker group');
    expect(
      highlightsFor(
        resolveAthlete({ ...BASE_ATHLETE, primaryPosition: 'Center Back' }),
        resolveRequest({ ...BASE_REQUEST, positions: ['Left Back'], notes: 'GPA 3.25', playerLevels: [] }),
      ),
    ).toEqual(['Primary position Center Back fits the defender group', 'Exceeds the minimum GPA of 3.25 (GPA 4.0)']);
  });
});

describe('ranking and views (S12, S13)', () => {
  const row = (
    athleteId: string,
    score: number,
    updated: string,
    match: ViewRow['positionMatch'],
    exact = false,
    status: ViewRow['status'] = null,
  ): ViewRow => ({
    athleteId,
    score,
    athleteUpdatedAt: updated,
    positionMatch: match,
    positionExact: exact,
    status,
  });

  it('ties: score desc, then updatedAt desc, then id asc', () => {
    const rows = [
      row('b', 80, '2025-01-01', 'primary'),
      row('a', 80, '2025-01-01', 'primary'),
      row('c', 80, '2025-03-01', 'primary'),
      row('d', 90, '2024-01-01', 'primary'),
    ];
    expect([...rows].sort(compareRanked).map((r) => r.athleteId)).toEqual(['d', 'c', 'a', 'b']);
  });

  it('top15 keeps the first 15 listed, undeclined rows', () => {
    const rows = Array.from({ length: 20 }, (_, i) => row(`id-${String(i).padStart(2, '0')}`, 71 + i, '2025-01-01', 'primary'));
    rows.push(row('low', 69.9, '2025-01-01', 'primary'), row('declined', 99, '2025-01-01', 'primary', true, 'declined'));
    const top = orderForView('top15', rows);
    expect(top).toHaveLength(15);
    expect(top[0].athleteId).toBe('id-19');
    expect(top[14].athleteId).toBe('id-05');
    expect(orderForView('all', rows)).toHaveLength(20);
    expect(hiddenRows(rows).map((r) => r.athleteId)).toEqual(['declined']);
  });

  it('position: exact primary, other primary, secondary, each by score', () => {
    const rows = [
      row('secondary-high', 99, '2025-01-01', 'secondary'),
      row('primary-group', 90, '2025-01-01', 'primary', false),
      row('exact-low', 72, '2025-01-01', 'primary', true),
      row('exact-high', 80, '2025-01-01', 'primary', true),
      row('secondary-low', 75, '2025-01-01', 'secondary', false, 'pending'),
      row('hidden', 95, '2025-01-01', 'primary', true, 'declined'),
    ];
    expect(orderForView('position', rows).map((r) => r.athleteId)).toEqual(['exact-high', 'exact-low', 'primary-group', 'secondary-high', 'secondary-low']);
    expect(orderForView('all', rows).map((r) => r.athleteId)).toEqual(['secondary-high', 'primary-group', 'exact-high', 'secondary-low', 'exact-low']);
  });
});

describe('profileTips: what an athlete can add to score higher', () => {
  const score = (athlete: AthleteScoringInput, request: Partial<RequestScoringInput> = {}) =>
    scorePair(resolveAthlete(athlete), resolveRequest({ ...BASE_REQUEST, ...request }))!.score;

  it('finds nothing to add in a profile with every scored item', () => {
    expect(profileTips(BASE_ATHLETE)).toEqual([]);
  });

  it("names S11's missing items, each of which costs every score a factor 0.95", () => {
    const gaps: AthleteScoringInput = { ...BASE_ATHLETE, highlightVideoUrl: '  ', goalsAssistsLastSeason: null, externalLinks: [], gpa: null };
    expect(profileTips(gaps)).toEqual(['video', 'gpa', 'stats']);
    // A link to a stats profile is a statistic too.
    expect(profileTips({ ...gaps, externalLinks: [{ platform: 'Transfermarkt', url: 'https://www.transfermarkt.com/x' }] })).toEqual(['video', 'gpa']);
    // The video alone: the same pair scores 0.95 times as much without it.
    const withVideo = score(BASE_ATHLETE);
    const withoutVideo = score({ ...BASE_ATHLETE, highlightVideoUrl: null });
    expect(profileTips({ ...BASE_ATHLETE, highlightVideoUrl: null })).toEqual(['video']);
    expect(withoutVideo).toBeCloseTo(withVideo * 0.95, 0);
  });

  it('names extras (0 with a request that asks for them) and a secondary position (no points outside the primary group)', () => {
    const bare = { ...BASE_ATHLETE, playerExtras: [], secondaryPosition: null };
    expect(profileTips(bare)).toEqual(['extras', 'secondaryPosition']);
    const askingExtras = { playerExtras: ['Team captain'] };
    expect(score(bare, askingExtras)).toBeLessThan(score(BASE_ATHLETE, askingExtras));
    const defenders = { positions: ['Center Back'] };
    expect(score(bare, defenders)).toBeLessThan(score({ ...bare, secondaryPosition: 'Center Back' }, defenders));
  });
});
