import type { AppConfig } from '../../config.ts';
import { ApiBibleClient } from '../../scripture/licensed/api-bible-client.ts';
import { LicensedCache } from '../../scripture/licensed/licensed-cache.ts';
import type { LicensedCacheRepository } from '../../scripture/licensed/licensed-cache.repository.ts';
import { LicensedCatalogue } from '../../scripture/licensed/licensed-catalogue.ts';
import type { BibleStore } from '../../scripture/store/bible-store.ts';
import { LicensedReads } from './licensed-reads.ts';

/** Connects the licensed catalogue when API_BIBLE_KEY is set; local translations suggested on failures. */
export async function startLicensedCatalogue(
  config: NonNullable<AppConfig['apiBible']>,
  cacheRows: LicensedCacheRepository,
  store: BibleStore,
  log: { warn: (obj: object, msg: string) => void },
): Promise<LicensedReads> {
  const maxAgeMs = config.cacheHours * 3_600_000;
  const catalogue = new LicensedCatalogue({
    client: new ApiBibleClient({ baseUrl: config.baseUrl, key: config.key, timeoutMs: config.timeoutMs }),
    cache: new LicensedCache(cacheRows, maxAgeMs),
    maxAgeMs,
    only: config.bibles,
    fumsUrl: config.fumsUrl,
    log,
  });
  await catalogue.start(() => store.list().map((t) => t.code));
  return new LicensedReads(catalogue, (book, chapter) => store.containing(book, chapter).map((t) => ({ code: t.code, name: t.summary.name })), maxAgeMs);
}
