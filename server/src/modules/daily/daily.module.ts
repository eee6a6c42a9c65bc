import type { SelahModule } from '../../lib/module/module.ts';
import { Quota } from '../../lib/quota/quota.ts';
import { QuotaRepository } from '../../lib/quota/quota.repository.ts';
import { dailyRoutes } from './daily.routes.ts';
import { DailyRepository } from './daily.repository.ts';
import { DailyService } from './daily.service.ts';
import { JobClaims } from './job-claims.ts';
import { JobClaimsRepository } from './job-claims.repository.ts';
import { prayerDrafter } from './prayer-writer.ts';
import { prayersAdminRoutes } from './prayers-admin.routes.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    /** The daily prayer; `main.ts` starts its jobs, tests run them by hand. */
    daily: DailyService;
    /** Work done once across every process on the database (a day's prayer, a picture, the samples). */
    claims: JobClaims;
  }
}

/** Today's prayer, its past days and its admin pages. */
export const dailyModule: SelahModule = {
  name: 'daily',
  async setup({ server, config, db, use, provide, emit, on, log }) {
    const claims = new JobClaims(new JobClaimsRepository(db));
    // A day made shows on the home page and the prayers' archive of every process.
    const daily = new DailyService(
      new DailyRepository(db),
      claims,
      use('bible'),
      use('pictures'),
      prayerDrafter(config.languageModel),
      () => void emit('pages-changed'),
    );
    on('pages-changed', () => void daily.noticeMadeElsewhere().catch((error: unknown) => log.warn({ err: error }, 'daily: could not look for today’s prayer')));
    await server.register(dailyRoutes(daily, use('audio'), use('viewer'), new Quota(new QuotaRepository(db), 'prayer-remakes')));
    await server.register(prayersAdminRoutes(daily, use('audit'), use('staff'), () => void emit('pages-changed')));
    provide('daily', daily);
    provide('claims', claims);
  },
};
