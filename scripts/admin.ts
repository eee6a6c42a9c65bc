/**
 * `npm run admin -- grant <email>` makes an account an admin; `author <email>` lets it write lessons;
 * `revoke <email>` makes it a user again.
 * Uses the server's settings (DATA_DIR or DATABASE_URL); with the embedded database, stop the server first.
 */
import { eq } from 'drizzle-orm';
import { loadConfig, ConfigError } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { users } from '../server/src/db/schema.ts';

const USAGE = 'Usage: npm run admin -- grant <email> | author <email> | revoke <email>';
const ROLES = { grant: 'admin', author: 'author', revoke: 'user' } as const;
const SAID = { admin: 'an admin', author: 'an author', user: 'a user' } as const;

async function main([command, email]: string[]): Promise<number> {
  if (!command || !(command in ROLES) || !email) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const role = ROLES[command as keyof typeof ROLES];
    const changed = await database.db
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.email, email.trim().toLowerCase()))
      .returning({ email: users.email });
    if (changed.length === 0) {
      console.error(`No account with email ${email}.`);
      return 1;
    }
    console.log(`${changed[0]!.email} is now ${SAID[role]}.`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error instanceof ConfigError ? error.message : `admin: ${error.message}`);
    process.exit(1);
  },
);
