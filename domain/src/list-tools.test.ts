import { describe, expect, it } from 'vitest';
import { csvCell, matchFiltersSchema, rosterQuerySchema, toCsv } from './list-tools.ts';
import { explainPair, resolveAthlete, resolveRequest, scorePair } from './scoring.ts';

describe('CSV export cells', () => {
  it('puts a quote before cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+34 600')).toBe("'+34 600");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=HYPERLINK("http://x", "y")')).toBe(`"'=HYPERLINK(""http://x"", ""y"")"`);
    // Numbers are data, not text a person typed.
    expect(csvCell(-1.5)).toBe('-1.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Núñez, Lucía')).toBe('"Núñez, Lucía"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('starts with a byte order mark and ends rows with CRLF', () => {
    expect(
      toCsv([
        ['a', 1],
        ['é', null],
      ]),
    ).toBe('\uFEFFa,1\r\né,\r\n');
  });

  it('separates with semicolons when asked, quoting cells that hold one (and not those with a comma)', () => {
    expect(
      toCsv(
        [
          ['Núñez, Lucía', '3,4'],
          ['a;b', 'Otoño 2026, Primavera 2027'],
        ],
        ';',
      ),
    ).toBe('\uFEFFNúñez, Lucía;3,4\r\n"a;b";Otoño 2026, Primavera 2027\r\n');
  });
});

describe('list query schemas', () => {
  it('bounds the search and refuses unknown values', () => {
    expect(rosterQuerySchema.parse({})).toEqual({ sort: 'news', page: 1 });
    expect(rosterQuerySchema.parse({ q: "  O'Neill-Núñez Jr. ", page: '3' })).toMatchObject({ q: "O'Neill-Núñez Jr.", page: 3 });
    expect(rosterQuerySchema.safeParse({ q: '50%' }).success).toBe(false);
    expect(rosterQuerySchema.safeParse({ q: 'a_b' }).success).toBe(false);
    expect(rosterQuerySchema.safeParse({ q: 'x'.repeat(61) }).success).toBe(false);
    expect(rosterQuerySchema.safeParse({ page: '1.5' }).success).toBe(false);
    expect(matchFiltersSchema.parse({ minGpa: '3', status: 'not-shared' })).toEqual({ minGpa: 3, status: 'not-shared' });
    expect(matchFiltersSchema.safeParse({ status: 'declined' }).success).toBe(false);
    expect(matchFiltersSchema.safeParse({ nationality: '' }).success).toBe(false);
  });
});

describe('explainPair', () => {
  const request = resolveRequest({ id: 'r', positions: ['Forward'], ageMin: 16, ageMax: 22, notes: 'min GPA 3.0' });
  const base = {
    id: 'a',
    profileCompleted: true,
    gender: 'male',
    age: 19,
    gpa: 3.5,
    primaryPosition: 'Center Back',
    secondaryPosition: 'Forward',
    leagueLevel: 'segunda-rfef',
    highlightVideoUrl: 'https://v',
    goalsAssistsLastSeason: 3,
  };

  it('gives the score and sub-scores scorePair gives, and names what keeps it down', () => {
    const athlete = resolveAthlete(base);
    const e = explainPair(athlete, request);
    const pair = scorePair(athlete, request)!;
    expect(e).toMatchObject({ exclusion: null, score: pair.score, listed: pair.listed, subScores: pair.subScores, positionMatch: 'secondary' });
    expect(e.reasons).toContain('Only the secondary position Forward fits the request: 25 points of position lost');
    expect(e.reasons.some((r) => r.startsWith('GPA 3.5 against the minimum 3.0: academics'))).toBe(true);
    expect(e.reasons.at(-1)).toBe(`Score ${pair.score} is ${Math.round((70 - pair.score) * 10) / 10} points under 70`);
  });

  it('reads the minimum GPA from the resolved request (the one scoring uses)', () => {
    const e = explainPair(resolveAthlete({ ...base, primaryPosition: 'Forward', gpa: 2.9 }), request);
    expect(e.reasons[0]).toBe('GPA 2.9 is under the minimum 3.0: academics 0, score halved');
  });

  it('lists the missing profile items and their factor', () => {
    const e = explainPair(resolveAthlete({ ...base, primaryPosition: 'Forward', highlightVideoUrl: null, gpa: null }), request);
    expect(e.reasons).toContain('Profile gaps (no highlight video, no GPA): score × 0.9');
    expect(e.reasons).toContain('No GPA given: academics 0, 40 points lost');
  });
});
