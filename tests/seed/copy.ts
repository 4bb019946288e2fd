// The seed's bulk load on a Postgres server: athletes as COPY text (pg-copy-streams), one
// transaction per chunk (its users, then its athletes: the athletes' foreign key needs the users).
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { AthleteRow, UserRow } from './generate.ts';

type CopyValue = string | number | boolean | Date | null;

/** A text-format COPY field: NULL as \N, booleans as t/f, instants as ISO text; backslash, tab and line breaks escaped. */
export function copyField(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]) : value;
}
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

const line = (values: CopyValue[]) => `${values.map(copyField).join('\t')}\n`;

export const USER_COLUMNS = ['id', 'role', 'email', 'password_hash', 'created_at'] as const;
export const ATHLETE_COLUMNS = [
  'id',
  'email',
  'full_name',
  'agency',
  'profile',
  'profile_completed',
  'gender',
  'age',
  'is_transfer',
  'primary_position',
  'secondary_position',
  'auto_accept_matches',
  'created_at',
  'updated_at',
] as const;

/** One generated chunk of athletes as the COPY text of its two tables. */
export interface AthleteChunkText {
  users: string;
  athletes: string;
  count: number;
}

export function athleteChunkText(rows: ReadonlyArray<{ user: UserRow; athlete: AthleteRow }>): AthleteChunkText {
  const users: string[] = [];
  const athletes: string[] = [];
  for (const { user, athlete } of rows) {
    users.push(line(USER_COLUMNS.map((c) => user[c])));
    athletes.push(line(ATHLETE_COLUMNS.map((c) => athlete[c])));
  }
  return { users: users.join(''), athletes: athletes.join(''), count: rows.length };
}

async function copyInto(client: pg.PoolClient, table: string, columns: readonly string[], text: string): Promise<void> {
  const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
  stream.end(text);
  await finished(stream);
}

/** Writes one chunk in its own transaction; a connection whose COPY failed is closed, not reused. */
export async function copyAthleteChunk(pool: pg.Pool, chunk: AthleteChunkText): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    await copyInto(client, 'users', USER_COLUMNS, chunk.users);
    await copyInto(client, 'athletes', ATHLETE_COLUMNS, chunk.athletes);
    await client.query('commit');
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    client.release(broken);
  }
}
