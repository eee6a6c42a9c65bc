import pg from 'pg';

/**
 * API test files run two at a time (vitest.config.ts). On PGlite each file has its own database in
 * memory; on PostgreSQL each worker gets its own database beside TEST_DATABASE_URL's, so one file
 * emptying its tables never empties another's under it. Worker 1 keeps the database it was given.
 * A worker runs file after file in one process (vitest.config.ts, ISOLATE_FILES), so the address it was
 * given is kept aside: the second file must not take the first file's database as the one given.
 */
if (process.env.TEST_DATABASE_URL && !process.env.SELAH_GIVEN_DATABASE_URL) process.env.SELAH_GIVEN_DATABASE_URL = process.env.TEST_DATABASE_URL;
const given = process.env.SELAH_GIVEN_DATABASE_URL;
const worker = process.env.VITEST_POOL_ID;
if (given && worker && worker !== '1') {
  const url = new URL(given);
  const name = `${url.pathname.slice(1)}_w${worker}`;
  const client = new pg.Client({ connectionString: given });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    // 42P04: made already, by this worker's earlier file.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
  url.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL = url.toString();
}
