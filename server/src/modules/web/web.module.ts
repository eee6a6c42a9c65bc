import type { SelahModule } from '../../lib/module/module.ts';
import { Quota } from '../../lib/quota/quota.ts';
import { QuotaRepository } from '../../lib/quota/quota.repository.ts';
import { registerWeb, RENDER_WINDOW_MS } from './web.routes.ts';

/** Public pages of things people share: rendered for every request, so a deleted or hidden one is gone at once. */
const CHANGING_PAGES = /^\/(shared|share\/image|verse-visualization|chapter-visualization)\//;
/** Pages that show today's prayer. */
const TODAYS_PAGES = /^\/(previous-prayers\/?)?$/;

/** The web app's pages, rendered on the server and cached until what they show changes. Listed last: it answers what no route does. */
export const webModule: SelahModule = {
  name: 'web',
  setup({ server, http, config, db, use, on }) {
    const bible = use('bible');
    const daily = use('daily');
    const web = registerWeb(server, {
      webDist: config.webDist,
      publicUrl: config.publicUrl,
      pageHeaders: http.securityHeaders.page,
      // A licensed text may not be cached; a shared verse or picture may be deleted or hidden at any moment.
      // Pages with today's prayer are cached only once it is written (another process may be writing it).
      cacheable: (url) =>
        !bible.isLicensed(url.searchParams.get('translation') ?? '') &&
        !CHANGING_PAGES.test(url.pathname) &&
        (daily.isTodayReady() || !TODAYS_PAGES.test(url.pathname)),
      mediaOrigin: config.mediaS3?.publicUrl && new URL(config.mediaS3.publicUrl).origin,
      renderQuota: new Quota(new QuotaRepository(db), 'page-renders', Date.now, RENDER_WINDOW_MS),
      pageCache: http.metrics.cache('pages'),
    });
    // Published content shows on cached pages (the home page's lessons): a change has them made again.
    on('pages-changed', web.forgetCachedPages);
    on('content-changed', web.forgetCachedPages);
  },
};
