import type pg from 'pg';
import type { Database } from './client.ts';

export interface PoolStats {
  /** Connections open, in use or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection (all are in use). */
  waiting: number;
}

/** How the PostgreSQL pool stands now, for the metrics; undefined on PGlite, which has no pool. */
export function poolStats(database: Database): (() => PoolStats) | undefined {
  if (database.kind !== 'postgres') return undefined;
  // drizzle keeps the pool it was given as `$client`.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
}
