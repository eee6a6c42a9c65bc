import { randomUUID } from 'node:crypto';
import { openDatabase, type Database } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';

/**
 * The fast service tier (issue 33 §3): a service with its real repositories on a migrated in-memory
 * PGlite, no HTTP and no app. A file opens one in `beforeAll` (about a second) and closes it after.
 */
export function serviceDatabase(): Promise<Database> {
  return openDatabase({ dataDir: null });
}

/** A person to own rows (the tables reference `user`); answers their id. */
export async function addPerson(database: Database, name = 'Reader'): Promise<string> {
  const id = randomUUID();
  await database.db.insert(users).values({ id, name, email: `${id}@example.org`, emailVerified: true });
  return id;
}
