import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Role, Services } from '@app/worker';
import { playDemoActivity, type DemoActivity } from '@app/worker/store';
import { hashPassword } from './auth/passwords.ts';

export interface DemoSeedResult {
  password: string;
  logins: Array<{ role: Role; email: string; label: string }>;
  /** What the demo accounts were made to do after the match (playDemoActivity). */
  activity: DemoActivity;
  /** Where the logins were written, if anywhere. */
  file: string | null;
}

/**
 * First start of the embedded default: loads synthetic demo data (the spec's "synthetic demo data
 * for staging and QA"), builds the match index, and prints the demo logins. A fresh random
 * password per installation, shared by the demo accounts, is printed and kept in
 * DATA_DIR/demo-logins.txt so it can be looked up again. Does nothing once any account exists.
 */
export interface DemoSeedOptions {
  print?: (line: string) => void;
  /** Where to keep the logins; default DATA_DIR/demo-logins.txt for the embedded database, none otherwise. */
  loginsFile?: string | null;
}

export async function seedDemoIfEmpty(services: Services, options: DemoSeedOptions = {}): Promise<DemoSeedResult | null> {
  const print = options.print ?? ((line: string) => console.log(line));
  const file =
    options.loginsFile !== undefined ? options.loginsFile : services.database.embedded ? path.resolve(services.config.DATA_DIR, 'demo-logins.txt') : null;
  // The seed library lives with the tests and uses Faker (a dev dependency); loaded only here.
  const { databaseIsEmpty, seedAndIndex } = await import('../../tests/seed/index.ts');
  if (!(await databaseIsEmpty(services.db))) return null;

  const athletes = services.config.SEED_ATHLETES;
  const coaches = Math.max(3, Math.round(athletes / 25));
  const password = `demo-${randomBytes(6).toString('base64url')}`;
  print(`Loading synthetic demo data (${athletes} athletes, ${coaches} coaches)…`);
  const result = await seedAndIndex(services.db, {
    athletes,
    coaches,
    requests: coaches * 3,
    loginPassword: password,
    hashPassword,
  });

  const activity = await playDemoActivity(services.db, result.logins);
  services.outbox.kick(); // the shares' and messages' notifications, relayed now

  const lines = [
    `Demo activity: ${activity.shared} matches shared, ${activity.accepted} accepted, ${activity.messages} messages.`,
    'Demo logins (synthetic data; every demo account uses this password):',
    `  password: ${password}`,
    ...result.logins.map((l) => `  ${l.label.padEnd(28)} ${l.email}  (sign in at /${l.role}-login)`),
  ];
  if (file) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${lines.join('\n')}\n`, { mode: 0o600 });
    lines.push(`  (kept in ${file})`);
  }
  print(`\n${lines.join('\n')}\n`);
  return { password, logins: result.logins, activity, file };
}
