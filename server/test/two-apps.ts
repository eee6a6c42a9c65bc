import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { emptyTables, testConfig } from './test-app.ts';

export interface TwoApps {
  apps: [App, App];
  stop(): Promise<void>;
}

/**
 * Two apps on one database, as two processes of one site: on PostgreSQL (TEST_DATABASE_URL) each opens
 * its own connections; on PGlite both are given the one in-memory database. Each has its own data
 * folder, so nothing they share can pass through the disk. Tables are emptied first.
 */
export async function startTwoApps(options: { env?: Record<string, string>; importDefaults?: boolean } = {}): Promise<TwoApps> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const first = await openDatabase({ databaseUrl, dataDir: null });
  await emptyTables(first);
  const second = databaseUrl ? await openDatabase({ databaseUrl, dataDir: null }) : first;
  const opened: { app: App; dataDir: string; database: Database }[] = [];
  for (const database of [first, second]) {
    const dataDir = mkdtempSync(join(tmpdir(), 'selah-test-data-'));
    const app = await buildApp({ config: testConfig(dataDir, options.env), database, importDefaults: options.importDefaults ?? true, logger: false });
    opened.push({ app, dataDir, database });
  }
  return {
    apps: [opened[0]!.app, opened[1]!.app],
    async stop() {
      for (const { app, dataDir } of opened) {
        await app.server.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
      await first.close();
      if (second !== first) await second.close();
    },
  };
}
