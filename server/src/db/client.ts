import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';

const MIGRATIONS = new URL('./migrations', import.meta.url).pathname;
/** A request waits this long for a connection when PostgreSQL does not answer, then fails (a 503, not a hang). */
const CONNECT_TIMEOUT_MS = 5_000;

/** Both drivers expose the same query builder; the app only sees this type. */
export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` while no other holder of `name` runs, in any process on this database: first-start work
   * (migrations, the default translations' import) that several processes starting at once must not all do.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string | null;
  /**
   * For `dataDir: null`: begin from a copy of another in-memory database (PGlite's dumpDataDir) instead
   * of an empty one. The tests start every app from a database migrated, and with the default
   * translations imported, once per run (server/test/prepared-databases.ts).
   */
  startFrom?: Blob;
  /** Told when an idle PostgreSQL connection breaks (the server restarted, the network dropped); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
}

/**
 * PostgreSQL when a URL is given, else PGlite (PostgreSQL in WASM) in `<dataDir>/db`, or in memory
 * for `dataDir: null`. Migrations run before the database is handed out, one process at a time.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onConnectionError);
  let client: PGlite;
  let unlock = () => {};
  if (options.dataDir === null) client = new PGlite({ loadDataDir: options.startFrom });
  else {
    const dir = join(options.dataDir, 'db');
    mkdirSync(dir, { recursive: true }); // PGlite does not create parent folders itself
    unlock = lockDataDir(join(options.dataDir, 'db.lock'));
    client = new PGlite(dir);
  }
  try {
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS });
    return {
      db,
      kind: 'pglite',
      // One process per data folder (db.lock), so only this process's apps (tests share an instance) can meet here.
      exclusively: inProcessQueue(),
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

async function openPostgres(url: string, onConnectionError: OpenOptions['onConnectionError']): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // Without a listener an idle connection that breaks is an unhandled 'error' event: the process would exit.
  pool.on('error', (error) => onConnectionError?.(error));
  const exclusively = <T>(name: string, work: () => Promise<T>) => holdingAdvisoryLock(pool, name, work);
  try {
    const db = drizzlePg(pool, { schema });
    await exclusively('migrations', () => migratePg(db, { migrationsFolder: MIGRATIONS }));
    return { db: db as unknown as Db, kind: 'postgres', exclusively, close: () => pool.end() };
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/**
 * A session-level advisory lock on a connection set apart for it: held while `work` runs on the pool's
 * other connections, and freed with that connection should this process die holding it.
 */
async function holdingAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const key = `selah:${name}`;
  const connection = await pool.connect();
  let broken: Error | undefined;
  try {
    await connection.query('select pg_advisory_lock(hashtext($1))', [key]);
    try {
      return await work();
    } finally {
      await connection.query('select pg_advisory_unlock(hashtext($1))', [key]).catch((error: Error) => (broken = error));
    }
  } catch (error) {
    broken ??= error as Error;
    throw error;
  } finally {
    // A connection whose unlock failed may still hold the lock: closing it is what frees it.
    connection.release(broken);
  }
}

function inProcessQueue(): Database['exclusively'] {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const run = (tails.get(name) ?? Promise.resolve()).then(work, work);
    tails.set(
      name,
      run.catch(() => {}),
    );
    return run;
  };
}
