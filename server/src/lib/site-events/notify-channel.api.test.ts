import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { databaseKind } from '../../../test/test-app.ts';
import { openNotifyChannel, type NotifyChannel } from './notify-channel.repository.ts';

const quiet = { warn: () => {} };

/** Resolves when `check` holds, asking again as things arrive; the test's own timeout bounds it. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe(`the site's notification channel (${databaseKind()})`, () => {
  let database: Database;
  const channels: NotifyChannel[] = [];
  const heard: string[][] = [[], []];
  let missed = 0;

  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: null });
    for (const i of [0, 1]) {
      channels.push(await openNotifyChannel(database, { message: (payload) => heard[i]!.push(payload), missed: () => void (missed += 1) }, quiet));
    }
  });
  afterAll(async () => {
    for (const channel of channels) await channel.close();
    await database?.close();
  });

  it('carries a notification to every listener on the database, the sender’s too', async () => {
    await channels[0]!.notify('one');
    await until(() => heard.every((h) => h.includes('one')));
    expect(heard).toEqual([['one'], ['one']]);
  });

  it('listens again when its connection is lost, and says it may have missed some', async () => {
    if (!process.env.TEST_DATABASE_URL) return; // PGlite has no connection to lose
    const ended = await database.db.execute(
      sql`SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = 'selah site events' AND datname = current_database()`,
    );
    expect((ended as unknown as { rows: unknown[] }).rows).toHaveLength(2);
    await until(() => missed === 2);
    await channels[1]!.notify('two');
    await until(() => heard.every((h) => h.includes('two')));
    expect(heard).toEqual([
      ['one', 'two'],
      ['one', 'two'],
    ]);
  }, 30_000);
});
