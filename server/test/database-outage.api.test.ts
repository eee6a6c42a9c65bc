import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, spawnServer, waitUntilUp, type ServerProcess } from './server-process.ts';
import { TcpRelay } from './tcp-relay.ts';

const DATABASE_DOWN = 'The database is not answering. Try again in a moment.';

// PGlite lives inside the process: only PostgreSQL can go away under it.
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL going away and coming back', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let relay: TcpRelay;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await freshDatabase('outage');
    const url = new URL(database.url);
    relay = new TcpRelay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.open();
    url.host = `127.0.0.1:${relay.port}`;
    server = await spawnServer({ DATABASE_URL: url.toString() });
    await waitUntilUp(server);
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await relay?.cut();
    await database?.drop();
  });

  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('answers 503 while it is gone, never exits, and is ready again by itself once it is back', async () => {
    expect(await get('/api/ready')).toEqual({ status: 200, body: { status: 'ready' } });
    // A few requests at once leave several idle connections in the pool: each breaks when the database goes.
    const before = await Promise.all(Array.from({ length: 4 }, () => get('/api/gallery')));
    expect(before.map((r) => r.status)).toEqual([200, 200, 200, 200]);

    await relay.cut();
    await expect.poll(() => get('/api/ready')).toEqual({ status: 503, body: { message: 'Not ready: the database does not answer.' } });
    expect(await get('/api/gallery')).toEqual({ status: 503, body: { message: DATABASE_DOWN } });
    // Alive, though not ready: a load balancer stops sending work, an orchestrator need not restart it.
    expect((await get('/api/health')).status).toBe(200);
    // The background work that polls the database (the library's sync, every 2 s) meets it gone too, and is only logged.
    await expect.poll(() => server.output()).toContain('library: could not sync');
    expect(server.child.exitCode).toBeNull();

    await relay.open();
    await expect.poll(() => get('/api/ready')).toEqual({ status: 200, body: { status: 'ready' } });
    expect((await get('/api/gallery')).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
