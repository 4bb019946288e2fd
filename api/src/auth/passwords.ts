import argon2 from 'argon2';

/**
 * Password hashing: argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane). The hash string
 * carries its parameters, so raising them later only affects new hashes.
 */
export const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS);
}

/** False for a wrong password and for a hash that is not argon2 (e.g. a seeded placeholder). */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password for an account that may not exist. An unknown email still costs one argon2
 * verification (against a throwaway hash), so the answer time does not reveal which emails
 * have accounts.
 */
export async function verifyAccountPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (hash === undefined) {
    dummyHash ??= hashPassword('no account has this password');
    await verifyPassword(await dummyHash, password);
    return false;
  }
  return verifyPassword(hash, password);
}
