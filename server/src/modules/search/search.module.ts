import type { SelahModule } from '../../lib/module/module.ts';
import { searchRoutes } from './search.routes.ts';
import { SearchService } from './search.service.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    search: SearchService;
  }
}

export const searchModule: SelahModule = {
  name: 'search',
  async setup({ server, http, store, use, provide }) {
    const search = new SearchService(store, use('bible'), { replies: http.metrics.cache('search-replies'), indexes: http.metrics.cache('search-indexes') });
    await server.register(searchRoutes(search));
    provide('search', search);
  },
};
