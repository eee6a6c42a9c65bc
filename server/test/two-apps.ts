import type { App } from '../src/app.ts';
import { startTestApp } from './test-app.ts';

export interface TwoApps {
  apps: [App, App];
  stop(): Promise<void>;
}

/**
 * Two apps on one database, as two processes of one site (the second started `beside` the first: its
 * own connections on PostgreSQL, the one in-memory database on PGlite), each with its own data folder,
 * so nothing they share can pass through the disk. Tables are emptied first.
 */
export async function startTwoApps(options: { env?: Record<string, string>; importDefaults?: boolean } = {}): Promise<TwoApps> {
  const first = await startTestApp(options);
  const second = await startTestApp({ ...options, beside: first });
  return {
    apps: [first, second],
    async stop() {
      await second.stop();
      await first.stop();
    },
  };
}
