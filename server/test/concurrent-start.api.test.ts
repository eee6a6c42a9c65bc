import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, spawnServer, waitUntilUp, type ServerProcess } from './server-process.ts';

const MIGRATIONS = readdirSync(new URL('../src/db/migrations', import.meta.url)).filter((f) => f.endsWith('.sql')).length;
const PROCESSES = 3;

// Several processes on one database is PostgreSQL's case (PGlite admits one process per data folder).
describe.skipIf(!process.env.TEST_DATABASE_URL)('several processes started at the same moment on a new PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    database = await freshDatabase('fresh_start');
  });
  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await database.drop();
  });

  it('all come up, on one set of tables, with each default translation imported once', async () => {
    servers.push(...(await Promise.all(Array.from({ length: PROCESSES }, () => spawnServer({ DATABASE_URL: database.url, LOG_LEVEL: 'info' })))));
    await Promise.all(servers.map((server) => waitUntilUp(server)));

    for (const server of servers) {
      expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ status: 'ok', translations: 3 });
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const applied = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0].n).toBe(MIGRATIONS);
      const codes = await client.query('select code from translations order by code');
      expect(codes.rows.map((r) => r.code)).toEqual(['ASV', 'KJV', 'WEB']);
    } finally {
      await client.end();
    }
    const output = servers.map((s) => s.output()).join('\n');
    for (const code of ['KJV', 'WEB', 'ASV']) expect(output.match(new RegExp(`imported ${code} from`, 'g'))?.length).toBe(1);
  });
});
