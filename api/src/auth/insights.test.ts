import { describe, expect, it } from 'vitest';
import { verifyInsightsCredentials } from './insights.ts';

const config = { INSIGHTS_USERNAME: 'staff', INSIGHTS_PASSWORD: 'correct horse battery' };

describe('verifyInsightsCredentials', () => {
  it('accepts exactly the configured username and password', () => {
    expect(verifyInsightsCredentials(config, 'staff', 'correct horse battery')).toBe(true);
  });

  it.each([
    ['staff', 'correct horse batter'],
    ['staff', 'correct horse battery '],
    ['Staff', 'correct horse battery'],
    ['', 'correct horse battery'],
    ['staff', ''],
    ['correct horse battery', 'staff'],
  ])('refuses %j / %j', (username, password) => {
    expect(verifyInsightsCredentials(config, username, password)).toBe(false);
  });

  it('opens for nobody when the credentials are not configured', () => {
    expect(verifyInsightsCredentials({ INSIGHTS_USERNAME: undefined, INSIGHTS_PASSWORD: undefined }, '', '')).toBe(false);
    expect(verifyInsightsCredentials({ INSIGHTS_USERNAME: 'staff', INSIGHTS_PASSWORD: '' }, 'staff', '')).toBe(false);
    expect(verifyInsightsCredentials({ INSIGHTS_USERNAME: '', INSIGHTS_PASSWORD: 'pw' }, '', 'pw')).toBe(false);
  });
});
