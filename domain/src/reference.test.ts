import { describe, expect, it } from 'vitest';
import {
  AGENCIES,
  ATHLETE_POSITIONS,
  ATHLETE_REGIONS,
  BUDGETS,
  COACH_REGIONS,
  GRADING_SCALES,
  IMAGE_MAX_BYTES,
  LEAGUE_LEVELS,
  MATCH_THRESHOLD,
  MAX_EXTERNAL_LINKS,
  POSITION_GROUPS,
  REQUEST_POSITIONS,
  REQUEST_START_TERMS,
  SCHOOL_SIZE_PREFERENCES,
  SCHOOL_SIZES,
  resolveLeague,
} from './reference.ts';

describe('league levels', () => {
  it('values are the lowercase hyphenated labels, scores as in spec section 3', () => {
    expect(LEAGUE_LEVELS.map((l) => [l.label, l.value, l.score])).toEqual([
      ['Primera RFEF', 'primera-rfef', 1],
      ['Segunda RFEF', 'segunda-rfef', 2],
      ['Tercera RFEF', 'tercera-rfef', 3],
      ['Ligas Regionales Preferente', 'ligas-regionales-preferente', 4],
      ['Primera Regional', 'primera-regional', 5],
      ['Division de Honor', 'division-de-honor', 2],
      ['Liga Nacional Juvenil', 'liga-nacional-juvenil', 3],
      ['Liga Preferente Juvenil', 'liga-preferente-juvenil', 4],
      ['Segunda Juvenil', 'segunda-juvenil', 5],
    ]);
  });

  it.each([
    ['segunda-rfef', 'segunda-rfef'],
    ['Segunda RFEF', 'segunda-rfef'],
    ['  segunda rfef ', 'segunda-rfef'],
    ['División de Honor', 'division-de-honor'],
    ['liga_nacional_juvenil', 'liga-nacional-juvenil'],
    [1, 'primera-rfef'],
    ['3', 'tercera-rfef'],
    [5, 'primera-regional'],
  ])('resolves %j to %s', (input, value) => {
    expect(resolveLeague(input)?.value).toBe(value);
  });

  it.each([[0], [6], [8], [2.5], [''], ['premier league'], [null], [undefined], [{}]])('does not resolve %j', (input) => {
    expect(resolveLeague(input)).toBeNull();
  });
});

describe('lists', () => {
  it('positions and groups', () => {
    expect(ATHLETE_POSITIONS).toHaveLength(10);
    expect(REQUEST_POSITIONS).toContain('Winger');
    expect(REQUEST_POSITIONS).not.toContain('Central Midfield');
    const grouped = Object.values(POSITION_GROUPS).flat();
    for (const p of [...ATHLETE_POSITIONS, ...REQUEST_POSITIONS]) expect(grouped).toContain(p);
  });

  it('regions, sizes, budgets, agencies, terms', () => {
    expect(ATHLETE_REGIONS).toHaveLength(8);
    expect(COACH_REGIONS).toEqual(['Northeast', 'Midwest', 'South', 'West']);
    expect(SCHOOL_SIZES).toEqual(['Small <5k', 'Medium 5-15k', 'Large 15-30k', 'Very Large >30k']);
    expect(SCHOOL_SIZE_PREFERENCES).toEqual(['Small', 'Medium', 'Large', 'Any']);
    expect(BUDGETS.map((b) => b.limit)).toEqual([5000, 15000, 30000, 50000, 60000]);
    expect(AGENCIES).toEqual(['Eture', 'Global College', 'Mae']);
    expect(REQUEST_START_TERMS).toEqual(['Spring 2026', 'Fall 2026']);
    expect(GRADING_SCALES.map((s) => [s.value, s.max, s.step])).toEqual([
      ['ten-point', 10, 0.1],
      ['twenty-point', 20, 0.1],
      ['hundred-point', 100, 1],
      ['custom', 4, 0.1],
    ]);
  });

  it('constants', () => {
    expect(MATCH_THRESHOLD).toBe(70);
    expect(IMAGE_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(MAX_EXTERNAL_LINKS).toBe(5);
  });
});
