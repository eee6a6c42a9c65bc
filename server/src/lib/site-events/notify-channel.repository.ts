import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/client.ts';

/** The one PostgreSQL channel every process of a site listens on. */
export const SITE_CHANNEL = 'selah_site_events';

/** Waits before listening again after the listening connection was lost: soon, then less often. */
const RETRY_MS = [100, 500, 1_000, 2_000, 5_000];

export interface ChannelLog {
  warn(obj: object, msg: string): void;
}

/** What a channel calls: each notification's payload, and `missed` once listening again after a gap. */
export interface ChannelListener {
  message(payload: string): void;
  /** Notifications sent while the connection was down are lost: whatever they would have said may have happened. */
  missed(): void;
}

export interface NotifyChannel {
  /** Sends `payload` to every process listening on the database, this one included. */
  notify(payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * PostgreSQL's LISTEN/NOTIFY on the app's database. NOTIFY goes through the app's pool (after the change
 * it tells of is committed); LISTEN needs a connection of its own, held open, and listened on again
 * when it is lost: a pool would hand it back and the notifications with it.
 */
export async function openNotifyChannel(database: Database, listener: ChannelListener, log: ChannelLog): Promise<NotifyChannel> {
  const notify = async (payload: string) => void (await database.db.execute(sql`SELECT pg_notify(${SITE_CHANNEL}, ${payload})`));
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') {
    // One PGlite is one database in this process: every app sharing it gets its notifications.
    const unlisten = await (client as PGlite).listen(SITE_CHANNEL, (payload) => listener.message(payload));
    return { notify, close: () => unlisten() };
  }
  const listening = new PostgresListener((client as pg.Pool).options, listener, log);
  await listening.start();
  return { notify, close: () => listening.close() };
}

class PostgresListener {
  private client: pg.Client | undefined;
  private closed = false;
  private failures = 0;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: pg.PoolConfig,
    private readonly listener: ChannelListener,
    private readonly log: ChannelLog,
  ) {}

  /** Listens now; throws when the database cannot be reached (the app is not started without it). */
  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const { connectionString, host, port, user, password, database, ssl } = this.options;
    const client = new pg.Client({ connectionString, host, port, user, password, database, ssl, application_name: 'selah site events' });
    // An error on an idle connection (the database restarting) must not take the process down.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (n) => n.channel === SITE_CHANNEL && this.listener.message(n.payload ?? ''));
    try {
      await client.connect();
      await client.query(`LISTEN ${SITE_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) return void (await client.end().catch(() => undefined));
    this.client = client;
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.log.warn({ err: error }, `site events: lost the database's notifications${error ? ` (${error.message})` : ''}; listening again`);
    void client.end().catch(() => undefined);
    this.schedule();
  }

  private schedule(): void {
    const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)]!;
    this.retry = setTimeout(() => {
      this.connect().then(
        () => {
          if (this.closed) return;
          this.failures = 0;
          this.listener.missed();
        },
        () => {
          this.failures += 1;
          if (!this.closed) this.schedule();
        },
      );
    }, wait);
    this.retry.unref();
  }
}
