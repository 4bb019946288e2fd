import { describe, expect, it } from 'vitest';
import { defaultScoringThreads } from './index-rebuild.ts';

describe('defaultScoringThreads', () => {
  it('starts no scoring thread on two cores or fewer, and one per core beyond two', () => {
    expect([1, 2, 3, 4, 8].map((cores) => defaultScoringThreads(cores))).toEqual([0, 0, 1, 2, 6]);
  });
});
