import type { SelahModule } from '../../lib/module/module.ts';
import { lessonsAdminRoutes } from './lessons-admin.routes.ts';
import { lessonsRoutes } from './lessons.routes.ts';
import { LessonsRepository } from './lessons.repository.ts';
import { LessonsService } from './lessons.service.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    lessons: LessonsService;
  }
}

export const lessonsModule: SelahModule = {
  name: 'lessons',
  async setup({ server, config, db, use, provide, emit }) {
    const lessons = new LessonsService(new LessonsRepository(db), use('bible'), use('media'), use('audit'), () => void emit('content-changed'));
    await server.register(lessonsRoutes(lessons, config.publicUrl));
    await server.register(lessonsAdminRoutes(lessons, use('staff')));
    provide('lessons', lessons);
  },
};
