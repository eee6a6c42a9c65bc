import type { SelahModule } from '../../lib/module/module.ts';
import { Quota } from '../../lib/quota/quota.ts';
import { QuotaRepository } from '../../lib/quota/quota.repository.ts';
import { progressRoutes } from './progress.routes.ts';
import { ProgressRepository } from './progress.repository.ts';
import { ProgressService } from './progress.service.ts';
import { RankingsRepository } from './rankings.repository.ts';
import { RankingsService } from './rankings.service.ts';

/** Chapters read, and the rankings built on them. */
export const progressModule: SelahModule = {
  name: 'progress',
  async setup({ server, db, use, on, emit }) {
    const bible = use('bible');
    const plans = use('plans');
    const studyDays = use('studyDays');
    const progress = new ProgressService(
      new ProgressRepository(db),
      studyDays,
      (book, chapter) => bible.chapterShape(book, chapter),
      (userId, book, chapter) => plans.chapterCompleted(userId, book, chapter),
      new Quota(new QuotaRepository(db), 'history-moves'),
    );
    const board = new RankingsService(new RankingsRepository(db), studyDays);
    on('rankings-changed', () => board.forget());
    await server.register(progressRoutes(progress, board, use('viewer'), () => void emit('rankings-changed')));
  },
};
