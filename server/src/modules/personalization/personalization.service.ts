import { randomUUID } from 'node:crypto';
import type { QuestionHistory } from '#common/contracts/personalization.ts';
import { requireUser, type Viewer } from '../../access/viewer.ts';
import type { PersonalizationRepository } from './personalization.repository.ts';

const HISTORY_MAX = 1_000;
const SIGN_IN = 'Sign in to keep a history of your questions.';

/**
 * Spec §7 track-question: a signed-in person's questions to the AI, kept for them alone unless they
 * turn it off (which deletes it). A guest's are accepted and dropped (nothing about a guest is kept).
 */
export class PersonalizationService {
  constructor(private readonly repository: PersonalizationRepository) {}

  async track(viewer: Viewer, input: { question: string; context?: string; reference?: string; aiResponse?: string }): Promise<void> {
    if (viewer.kind !== 'user' || !(await this.repository.keepsHistory(viewer.userId))) return;
    await this.repository.add(
      {
        id: randomUUID(),
        userId: viewer.userId,
        question: input.question,
        context: input.context ?? null,
        reference: input.reference ?? null,
        aiResponse: input.aiResponse ?? null,
      },
      HISTORY_MAX,
    );
  }

  async history(viewer: Viewer, page: { limit: number; offset: number }): Promise<QuestionHistory> {
    const { userId } = requireUser(viewer, SIGN_IN);
    const [keep, { rows, total }] = await Promise.all([this.repository.keepsHistory(userId), this.repository.list(userId, page.limit, page.offset)]);
    return { keep, total, questions: rows.map((r) => ({ id: r.id, question: r.question, reference: r.reference, createdAt: r.createdAt.toISOString() })) };
  }

  async choose(viewer: Viewer, keep: boolean): Promise<QuestionHistory> {
    const { userId } = requireUser(viewer, SIGN_IN);
    await this.repository.setKeep(userId, keep);
    return this.history(viewer, { limit: 20, offset: 0 });
  }

  async clear(viewer: Viewer): Promise<void> {
    await this.repository.clear(requireUser(viewer, SIGN_IN).userId);
  }
}
