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
  async setup({ server, store, use, provide }) {
    const search = new SearchService(store, use('bible'));
    await server.register(searchRoutes(search));
    provide('search', search);
  },
};
