// Seeds the e2e database (DATA_DIR) before the server starts: KJV, WEB and ASV as on any first start, plus
// fixture translations imported through the same library as `npm run bible -- import`.
import { join } from 'node:path';
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { BibleLibrary } from '../server/src/scripture/store/bible-library.ts';
import { BibleStore } from '../server/src/scripture/store/bible-store.ts';
import { TranslationRepository } from '../server/src/scripture/store/translation.repository.ts';
import { defaultBibleSources } from '../server/src/scripture/sources.ts';
import { importBibleFile } from '../server/src/scripture/importers/files/detect.ts';
import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { accounts, users } from '../server/src/db/schema.ts';
import { SEEDED_ACCOUNTS } from './seeded-accounts.ts';

const config = loadConfig();
const database = await openDatabase({ dataDir: config.dataDir });
const log = { info() {}, warn() {}, error: (...a: unknown[]) => console.error(...a) } as never;
const library = new BibleLibrary(new TranslationRepository(database.db), new BibleStore(), log);
await library.ensure(defaultBibleSources(config));
const usfm = join(new URL('..', import.meta.url).pathname, 'server/src/scripture/importers/files/fixtures/usfm');
// Psalms 3 and John 11 only: a translation that lacks most books.
for (const [code, name] of [
  ['PSJN', 'Psalms and John Sample'],
  ['SAMPA', 'Sample A'],
  ['SAMPB', 'Sample B'],
  ['SAMPC', 'Sample C'],
  ['SAMPD', 'Sample D'],
  ['SAMPE', 'Sample E'],
  ['SAMPF', 'Sample F'],
]) {
  const bible = await importBibleFile(usfm, { code, name, language: 'en', category: 'Word-for-Word', licence: 'Public domain', warn: () => {} });
  await library.importBible(bible, `e2e:${code}`, 'e2e fixture');
}
// Verified accounts ready to sign in with (e2e/seeded-accounts.ts), made as better-auth makes them.
for (const account of SEEDED_ACCOUNTS) {
  const id = randomUUID();
  const { email, displayName, role } = account;
  await database.db.insert(users).values({ id, name: displayName, email, emailVerified: true, role, displayName });
  await database.db
    .insert(accounts)
    .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: await hashPassword(account.password) });
}
await database.close();
