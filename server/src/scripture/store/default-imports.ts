import { fork } from 'node:child_process';
import type { AppConfig } from '../../config.ts';

const WORKER = new URL('./default-imports.worker.ts', import.meta.url).pathname;

/**
 * Imports the stale default translations in a child process that opens the database itself. Parsing
 * a Bible builds hundreds of MB of short-lived objects and buffers; in a child, that memory goes back
 * to the system when it exits, so a first start settles at the same footprint as a restart. The
 * caller must have closed its own database handle first (PGlite admits one process at a time).
 */
export async function importDefaultsInChild(config: AppConfig): Promise<void> {
  const child = fork(WORKER, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, SELAH_CONFIG: JSON.stringify(config) },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`importing the default translations failed (exit code ${code})`);
}
