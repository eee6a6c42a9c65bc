import type { SelahModule } from '../../lib/module/module.ts';
import { newsRoutes } from './news.routes.ts';
import { NewsRepository } from './news.repository.ts';
import { NewsService } from './news.service.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    news: NewsService;
  }
}

export const newsModule: SelahModule = {
  name: 'news',
  async setup({ server, db, use, provide, emit }) {
    const news = new NewsService(new NewsRepository(db), use('audit'), () => void emit('content-changed'));
    await server.register(newsRoutes(news, use('staff')));
    provide('news', news);
  },
};
