import { createHash, randomBytes } from 'node:crypto';
import type { Role, Services } from '@app/worker';

/**
 * Creates an account of a role with a signed-in session straight in the database, for tests
 * whose subject is not registration. Returns the cookie header to send.
 */
export async function createSignedInUser(
  services: Services,
  role: Role,
  fields: { email?: string; fullName?: string; firstName?: string; lastName?: string; agency?: string; agencyUrl?: string } = {},
) {
  const { db } = services;
  const email = (fields.email ?? `${role}-${randomBytes(4).toString('hex')}@example.com`).toLowerCase();
  const user = await db.insertInto('users').values({ role, email, password_hash: 'test-only-no-login' }).returning('id').executeTakeFirstOrThrow();
  if (role === 'athlete') {
    await db
      .insertInto('athletes')
      .values({
        id: user.id,
        email,
        full_name: fields.fullName ?? 'Test Athlete',
        profile: JSON.stringify({ fullName: fields.fullName ?? 'Test Athlete', email }),
      })
      .execute();
  } else if (role === 'coach') {
    await db
      .insertInto('coaches')
      .values({ id: user.id, email, first_name: fields.firstName ?? 'Test', last_name: fields.lastName ?? 'Coach', profile: JSON.stringify({}) })
      .execute();
  } else {
    await db
      .insertInto('agents')
      .values({
        id: user.id,
        email,
        first_name: fields.firstName ?? 'Test',
        last_name: fields.lastName ?? 'Agent',
        agency: fields.agency ?? 'Eture',
        agency_url: fields.agencyUrl ?? 'https://agency.example.com',
      })
      .execute();
  }
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({ id_hash: createHash('sha256').update(token).digest('hex'), user_id: user.id, role, expires_at: new Date(Date.now() + 86_400_000) })
    .execute();
  return { id: user.id, email, role, cookie: `rp_session=${token}` };
}
