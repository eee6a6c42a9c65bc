import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startDailyJobs } from './modules/daily/daily-jobs.ts';

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
  const close = async () => {
    await stopJobs();
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await server.listen({ port: config.port, host: config.host });
}

main().catch((error: Error) => {
  console.error(`Selah could not start: ${error.message}`);
  process.exit(1);
});
