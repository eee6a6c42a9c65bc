import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { closeWithin } from './http/graceful-close.ts';
import { startDailyJobs } from './modules/daily/daily-jobs.ts';

/** Kept back from SHUTDOWN_TIMEOUT_MS for closing the database and modules once the connections are gone. */
const DEADLINE_MARGIN_MS = 500;

/** Reads the configuration, builds the app and listens. A bad setting stops here with one clear line. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config });
  const { server, daily } = app;
  // A fresh site should not look empty: the sample lessons, authors and news, once (SAMPLE_CONTENT=off skips them).
  if (config.sampleContent) await app.loadSampleContent().catch((error: Error) => server.log.error({ err: error }, 'the sample content could not be loaded'));
  const stopJobs = startDailyJobs(daily, app.newsletter, server.log);
  // Lessons and news published before pictures were painted for them get theirs now (once, across processes).
  app.heroes.schedule();
  const deadline = config.shutdownTimeoutMs;
  const close = async (signal: string) => {
    server.log.info(`${signal}: stopping, within ${deadline} ms`);
    // Whatever still holds the process at the deadline (a job or a module that will not stop) does not keep it.
    setTimeout(() => process.exit(1), deadline).unref();
    // Jobs stop while requests drain. A job still waiting at the deadline (a prayer the AI is slow to
    // write) is left to the next run, in this process or another: a stop must not wait on a service.
    const stopped = Promise.all([stopJobs(), closeWithin(server, deadline - DEADLINE_MARGIN_MS, app.stopLongRequests)]);
    const late = new Promise<'late'>((resolve) => setTimeout(resolve, deadline - DEADLINE_MARGIN_MS / 2, 'late'));
    const outcome = await Promise.race([stopped.then(([, { drained }]) => (drained ? 'drained' : 'cut')), late]);
    if (outcome === 'cut') server.log.warn('requests still open at the shutdown deadline were cut');
    if (outcome === 'late') server.log.warn('a daily job or a module was still stopping at the shutdown deadline');
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await server.listen({ port: config.port, host: config.host });
}

main().catch((error: Error) => {
  console.error(`Selah could not start: ${error.message}`);
  process.exit(1);
});
