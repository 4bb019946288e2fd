import { describe, expect, it } from 'vitest';
import { initialsOf } from './Avatar.tsx';

describe('initialsOf', () => {
  it("takes the first and last words' first letters, in capitals", () => {
    expect(initialsOf('Lucía Pérez')).toBe('LP');
    expect(initialsOf('  josé   maría castañeda ')).toBe('JC');
    expect(initialsOf('Haven')).toBe('H');
    expect(initialsOf('')).toBe('?');
    expect(initialsOf(null)).toBe('?');
  });
});
