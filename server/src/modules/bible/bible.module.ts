import { bibleFastRead } from '../../http/bible-reads.ts';
import { fastReads } from '../../http/fast-reads.ts';
import { LicensedCacheRepository } from '../../scripture/licensed/licensed-cache.repository.ts';
import type { SelahModule } from '../../lib/module/module.ts';
import { waitForArrivingTranslations } from './arriving-translations.routes.ts';
import { bibleRoutes } from './bible.routes.ts';
import { BibleService } from './bible.service.ts';
import { startLicensedCatalogue } from './licensed-setup.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    bible: BibleService;
  }
}

/** Reading: translations, books and chapters (licensed ones too) and the fast path for prepared reads. */
export const bibleModule: SelahModule = {
  name: 'bible',
  async setup({ server, http, config, db, log, store, provide, onClose }) {
    const licensed = config.apiBible && (await startLicensedCatalogue(config.apiBible, new LicensedCacheRepository(db), store, log));
    const bible = new BibleService(store, licensed);
    // Before any route is added, so that it holds for every route of every module.
    waitForArrivingTranslations(server, store);
    await server.register(bibleRoutes(bible));
    http.fast.reads = fastReads({ hosts: http.hosts, headers: http.securityHeaders.overHttp, read: bibleFastRead(bible, store.budget.preparedChapters) });
    onClose(() => licensed?.catalogue.stop());
    provide('bible', bible);
  },
};
