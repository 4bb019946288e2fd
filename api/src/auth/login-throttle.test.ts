import { describe, expect, it } from 'vitest';
import { ACCOUNT_SLOWDOWN_AFTER, accountDelayMs } from './login-throttle.ts';

describe('accountDelayMs', () => {
  it('is zero below the slow-down point, then grows and stays capped (never a block)', () => {
    expect(accountDelayMs(0)).toBe(0);
    expect(accountDelayMs(ACCOUNT_SLOWDOWN_AFTER - 1)).toBe(0);
    const delays = [0, 1, 2, 5, 50, 10_000].map((n) => accountDelayMs(ACCOUNT_SLOWDOWN_AFTER + n));
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]);
    expect(delays[0]).toBeGreaterThan(0);
    expect(delays.at(-1)).toBe(3000);
  });
});
