import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { aiEngineChoice, aiModelDownload } from '../../db/schema.ts';
import type { ChosenEngine } from '../../providers/ai/engine-switch.ts';

export type DownloadRow = typeof aiModelDownload.$inferSelect;

/** The site's engine choice and its one model download, shared by every process through the database. */
export class AiModelRepository {
  constructor(private readonly db: Db) {}

  async choice(): Promise<ChosenEngine | undefined> {
    const [row] = await this.db.select({ kind: aiEngineChoice.kind, model: aiEngineChoice.model, baseUrl: aiEngineChoice.baseUrl }).from(aiEngineChoice);
    return row as ChosenEngine | undefined;
  }

  async choose(choice: ChosenEngine, changedBy: string | null): Promise<void> {
    const set = { kind: choice.kind, model: choice.model, baseUrl: choice.baseUrl, changedBy, changedAt: new Date() };
    await this.db
      .insert(aiEngineChoice)
      .values({ id: 1, ...set, revision: 1 })
      .onConflictDoUpdate({ target: aiEngineChoice.id, set: { ...set, revision: sql`${aiEngineChoice.revision} + 1` } });
  }

  async download(): Promise<DownloadRow | undefined> {
    const [row] = await this.db.select().from(aiModelDownload);
    return row;
  }

  /**
   * Claims the site's download for `file`, in one statement so that of two processes (or two requests)
   * asking at once exactly one wins: only when none runs, or the one running stopped beating `staleMs` ago.
   */
  async claim(file: string, bytesTotal: number, requestedBy: string | null, staleMs: number): Promise<DownloadRow | undefined> {
    const now = new Date();
    const fresh = {
      file,
      state: 'running',
      bytesDone: 0,
      bytesTotal,
      message: null,
      cancelRequested: false,
      requestedBy,
      startedAt: now,
      heartbeatAt: now,
      finishedAt: null,
    };
    const [row] = await this.db
      .insert(aiModelDownload)
      .values({ id: 1, ...fresh })
      .onConflictDoUpdate({
        target: aiModelDownload.id,
        set: fresh,
        setWhere: or(ne(aiModelDownload.state, 'running'), lt(aiModelDownload.heartbeatAt, new Date(now.getTime() - staleMs))),
      })
      .returning();
    return row;
  }

  /** Records progress and that the download is alive; says whether an admin asked to cancel it (from any process). */
  async progress(file: string, bytesDone: number): Promise<{ cancel: boolean } | undefined> {
    const [row] = await this.db
      .update(aiModelDownload)
      .set({ bytesDone, heartbeatAt: new Date() })
      .where(and(eq(aiModelDownload.file, file), eq(aiModelDownload.state, 'running')))
      .returning({ cancel: aiModelDownload.cancelRequested });
    return row;
  }

  async finish(file: string, state: 'done' | 'failed' | 'cancelled', message: string, bytesDone?: number): Promise<void> {
    await this.db
      .update(aiModelDownload)
      .set({ state, message, finishedAt: new Date(), ...(bytesDone === undefined ? {} : { bytesDone }) })
      .where(and(eq(aiModelDownload.file, file), eq(aiModelDownload.state, 'running')));
  }

  async requestCancel(): Promise<DownloadRow | undefined> {
    const [row] = await this.db.update(aiModelDownload).set({ cancelRequested: true }).where(eq(aiModelDownload.state, 'running')).returning();
    return row;
  }
}
