import { describe, expect, it } from 'vitest';
import { fileNamePart } from './csv.ts';

describe('fileNamePart', () => {
  it('keeps letters and digits, folds accents, drops apostrophes and joins words with hyphens', () => {
    expect(fileNamePart("Forward (Men's Team)")).toBe('forward-mens-team');
    expect(fileNamePart('Delantero / Extremo (Equipo femenino)')).toBe('delantero-extremo-equipo-femenino');
    expect(fileNamePart('Lateral Izquierdo · Categoría Sub‑19')).toBe('lateral-izquierdo-categoria-sub-19');
  });

  it('never leaves a hyphen at either end, and stays short', () => {
    expect(fileNamePart('  ¿Any position?  ')).toBe('any-position');
    const long = fileNamePart('Center Back / '.repeat(10));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});
