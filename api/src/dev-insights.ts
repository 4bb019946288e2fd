import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@app/worker';

export const DEV_INSIGHTS_FILE = 'insights-login.txt';

export interface DevInsightsOptions {
  print?: (line: string) => void;
  /** Where the credentials are kept; default DATA_DIR/insights-login.txt (beside demo-logins.txt). */
  file?: string;
}

/**
 * Development gets a working insights console without reading code: when neither
 * INSIGHTS_USERNAME nor INSIGHTS_PASSWORD is set, random credentials are made on the first start
 * of a data folder, printed, kept (owner-only) beside demo-logins.txt, and read back on later
 * starts. Production requires both (decision A5); tests set their own. Returns the config to run
 * with (the same object when nothing applies).
 */
export async function withDevInsightsCredentials(config: Config, options: DevInsightsOptions = {}): Promise<Config> {
  if (config.NODE_ENV !== 'development' || config.INSIGHTS_USERNAME || config.INSIGHTS_PASSWORD) return config;
  const print = options.print ?? ((line: string) => console.log(line));
  const file = options.file ?? path.resolve(config.DATA_DIR, DEV_INSIGHTS_FILE);

  const kept = await readKept(file);
  if (kept) {
    print(`Insights console (/support/insights): development login kept in ${file}`);
    return { ...config, INSIGHTS_USERNAME: kept.username, INSIGHTS_PASSWORD: kept.password };
  }
  const username = 'insights';
  const password = `dev-${randomBytes(12).toString('base64url')}`;
  const lines = [
    'Insights console (/support/insights), development login (random for this data folder):',
    `  username: ${username}`,
    `  password: ${password}`,
  ];
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  print(`\n${lines.join('\n')}\n  (kept in ${file})\n`);
  return { ...config, INSIGHTS_USERNAME: username, INSIGHTS_PASSWORD: password };
}

async function readKept(file: string): Promise<{ username: string; password: string } | null> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  const username = text && /^ {2}username: (\S+)$/m.exec(text)?.[1];
  const password = text && /^ {2}password: (\S+)$/m.exec(text)?.[1];
  return username && password ? { username, password } : null;
}
