import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';

/**
 * Where better-auth keeps accounts, sessions, verifications and its rate limits: its drizzle adapter
 * over our tables. Every query better-auth makes goes through this.
 */
export function authStore(db: Db) {
  return drizzleAdapter(db, {
    provider: 'pg',
    schema: { user: schema.users, session: schema.sessions, account: schema.accounts, verification: schema.verifications, rateLimit: schema.rateLimits },
  });
}

export type AuthStore = ReturnType<typeof authStore>;
