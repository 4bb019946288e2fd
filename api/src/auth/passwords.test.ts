import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAccountPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  it('hashes with argon2id at m=19456 KiB, t=2, salted', async () => {
    const a = await hashPassword('goal-2026!');
    const b = await hashPassword('goal-2026!');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('goal-2026!');
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('goal-2026!');
    expect(await verifyPassword(hash, 'goal-2026!')).toBe(true);
    expect(await verifyPassword(hash, 'goal-2026')).toBe(false);
    expect(await verifyAccountPassword(hash, 'goal-2026!')).toBe(true);
  });

  it('refuses an unknown account and a hash that is not argon2', async () => {
    expect(await verifyAccountPassword(undefined, 'no account has this password')).toBe(false);
    expect(await verifyPassword('test-only-no-login', 'test-only-no-login')).toBe(false);
  });
});
