import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '@app/worker';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * The insights console login (decision A5): username and password from configuration, compared
 * in constant time. Hashing first gives equal-length inputs to timingSafeEqual, so neither the
 * length nor the first differing character of the secrets shows in the timing. Both values are
 * always compared (no short-circuit), and a console without configured credentials opens for
 * nobody.
 */
export function verifyInsightsCredentials(config: Pick<Config, 'INSIGHTS_USERNAME' | 'INSIGHTS_PASSWORD'>, username: string, password: string): boolean {
  const expectedUser = config.INSIGHTS_USERNAME;
  const expectedPassword = config.INSIGHTS_PASSWORD;
  const configured = Boolean(expectedUser) && Boolean(expectedPassword);
  const userMatches = timingSafeEqual(digest(username), digest(expectedUser ?? ''));
  const passwordMatches = timingSafeEqual(digest(password), digest(expectedPassword ?? ''));
  return configured && userMatches && passwordMatches;
}
