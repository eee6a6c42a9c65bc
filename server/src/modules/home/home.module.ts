import type { SelahModule } from '../../lib/module/module.ts';
import { homeRoutes } from './home.routes.ts';
import { HomeService } from './home.service.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    home: HomeService;
  }
}

export const homeModule: SelahModule = {
  name: 'home',
  async setup({ server, use, provide }) {
    const home = new HomeService(use('bible'), use('daily'));
    await server.register(homeRoutes(home));
    provide('home', home);
  },
};
