import { Quota } from '../../lib/quota/quota.ts';
import { QuotaRepository } from '../../lib/quota/quota.repository.ts';
import type { SelahModule } from '../../lib/module/module.ts';
import { aiRoutes } from './ai.routes.ts';
import { AiService, questionLimit } from './ai.service.ts';
import { conversationRoutes } from './conversations.routes.ts';
import { ConversationsRepository } from './conversations.repository.ts';
import { ConversationsService } from './conversations.service.ts';
import { LiveStudySources } from './live-study-sources.ts';
import { PassageFinder } from './passage-finder.ts';
import { DEFAULT_CRISIS_TEXT } from './safety.ts';
import { ReferenceCheck } from './reference-check.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    ai: AiService;
  }
}

/** Questions answered from Scripture, and the conversations they belong to. */
export const aiModule: SelahModule = {
  name: 'ai',
  async setup({ server, http, config, options, db, log, use, provide, on }) {
    const bible = use('bible');
    const viewerOf = use('viewer');
    const studyDays = use('studyDays');
    const crossReferences = use('crossReferences');
    const installed = new LiveStudySources(config, crossReferences, use('studyReaders'), log);
    // Every library change in this process (an install, a removal, another process's seen by the sync) says so.
    on('pages-changed', () => installed.forget());
    const ai = new AiService(
      bible,
      new ReferenceCheck(bible),
      new PassageFinder(bible, use('search'), crossReferences, options.studySources ?? installed),
      use('answerEngine'),
      config.aiCrisisText ?? DEFAULT_CRISIS_TEXT,
      questionLimit(new Quota(new QuotaRepository(db), 'ai-questions'), config.aiRateLimit),
      (userId) => studyDays.record(userId, { questionsAsked: 1 }),
    );
    await server.register(aiRoutes(ai, viewerOf, http.closing.signal));
    await server.register(conversationRoutes(new ConversationsService(new ConversationsRepository(db), bible), viewerOf));
    provide('ai', ai);
  },
};
