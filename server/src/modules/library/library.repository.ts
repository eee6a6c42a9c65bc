import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { libraryCatalogues, libraryJobs, libraryModuleParts, libraryModules, libraryRepositories, libraryState } from '../../db/schema.ts';
import type { CatalogueValidators } from '../../scripture/library/fetch-catalogue.ts';
import type { Repository } from '../../scripture/library/repositories.ts';
import type { PreparedImport } from '../../scripture/store/bible-library.ts';
import { TranslationRepository } from '../../scripture/store/translation.repository.ts';

const PART_BYTES = 1 << 20;

export type LibraryJobRow = typeof libraryJobs.$inferSelect;
export type InstalledModuleRow = typeof libraryModules.$inferSelect;
export type CatalogueRow = typeof libraryCatalogues.$inferSelect;

/** A running job whose heartbeat is older than this was left by a process that stopped: it runs again. */
export const STALE_JOB_SECONDS = 60;
/** Finished jobs listed with the queue. */
const FINISHED_JOBS_SHOWN = 20;

/** SQL for the library's tables: repositories, cached catalogues, installed modules, jobs, and the revision. */
export class LibraryRepository {
  constructor(private readonly db: Db) {}

  // Repositories ------------------------------------------------------------------------------------

  async repositories(): Promise<Repository[]> {
    return this.db
      .select({ name: libraryRepositories.name, catalogueUrl: libraryRepositories.catalogueUrl, packageUrl: libraryRepositories.packageUrl })
      .from(libraryRepositories)
      .orderBy(asc(libraryRepositories.position));
  }

  /** Writes the site's first list once: later starts keep what the admin made of it. */
  async seedRepositories(list: readonly Repository[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [state] = await tx.select().from(libraryState).where(eq(libraryState.id, 1)).for('update');
      if (state?.repositoriesSeeded) return;
      await tx.delete(libraryRepositories);
      if (list.length) await tx.insert(libraryRepositories).values(list.map((r, position) => ({ ...r, position })));
      await tx.update(libraryState).set({ repositoriesSeeded: true }).where(eq(libraryState.id, 1));
    });
  }

  /** Replaces the list; a repository that stays keeps its cached catalogue. */
  async setRepositories(list: readonly Repository[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const names = list.map((r) => r.name);
      if (names.length) await tx.delete(libraryRepositories).where(sql`${libraryRepositories.name} not in ${names}`);
      for (const [position, r] of list.entries()) {
        const [old] = await tx.select().from(libraryRepositories).where(eq(libraryRepositories.name, r.name));
        // A repository whose address changed lists another catalogue: its cached one goes.
        if (old && old.catalogueUrl !== r.catalogueUrl) await tx.delete(libraryCatalogues).where(eq(libraryCatalogues.repository, r.name));
        await tx
          .insert(libraryRepositories)
          .values({ ...r, position })
          .onConflictDoUpdate({ target: libraryRepositories.name, set: { position, catalogueUrl: r.catalogueUrl, packageUrl: r.packageUrl } });
      }
    });
  }

  // Catalogues --------------------------------------------------------------------------------------

  /** How each repository's last refresh went, without the archives (read only when one changed). */
  catalogueStatuses(): Promise<Omit<CatalogueRow, 'archive'>[]> {
    return this.db
      .select({
        repository: libraryCatalogues.repository,
        fetchedAt: libraryCatalogues.fetchedAt,
        triedAt: libraryCatalogues.triedAt,
        error: libraryCatalogues.error,
        etag: libraryCatalogues.etag,
        lastModified: libraryCatalogues.lastModified,
        checkedAt: libraryCatalogues.checkedAt,
        refreshingSince: libraryCatalogues.refreshingSince,
      })
      .from(libraryCatalogues);
  }

  /**
   * Claims the refresh of a repository's catalogue for this caller, in one statement so that of two
   * processes (or two requests) asking at once exactly one wins. A claim older than `staleMs` was left by
   * a process that stopped, and is taken over.
   */
  async claimRefresh(repository: string, staleMs: number): Promise<boolean> {
    const now = new Date();
    const rows = await this.db
      .insert(libraryCatalogues)
      .values({ repository, refreshingSince: now })
      .onConflictDoUpdate({
        target: libraryCatalogues.repository,
        set: { refreshingSince: now },
        setWhere: or(isNull(libraryCatalogues.refreshingSince), lt(libraryCatalogues.refreshingSince, new Date(now.getTime() - staleMs))),
      })
      .returning({ repository: libraryCatalogues.repository });
    return rows.length === 1;
  }

  /** Takes over a refresh whose claim went stale (its process stopped); never one given up meanwhile. */
  async takeOverStaleRefresh(repository: string, staleMs: number): Promise<boolean> {
    const now = new Date();
    const rows = await this.db
      .update(libraryCatalogues)
      .set({ refreshingSince: now })
      .where(and(eq(libraryCatalogues.repository, repository), lt(libraryCatalogues.refreshingSince, new Date(now.getTime() - staleMs))))
      .returning({ repository: libraryCatalogues.repository });
    return rows.length === 1;
  }

  async releaseRefresh(repository: string): Promise<void> {
    await this.db.update(libraryCatalogues).set({ refreshingSince: null }).where(eq(libraryCatalogues.repository, repository));
  }

  async catalogueArchive(repository: string): Promise<Buffer | null> {
    const [row] = await this.db.select({ archive: libraryCatalogues.archive }).from(libraryCatalogues).where(eq(libraryCatalogues.repository, repository));
    return row?.archive ?? null;
  }

  async saveCatalogue(repository: string, archive: Buffer, validators: CatalogueValidators): Promise<void> {
    const now = new Date();
    const set = {
      archive,
      fetchedAt: now,
      triedAt: now,
      checkedAt: now,
      error: null,
      etag: validators.etag ?? null,
      lastModified: validators.lastModified ?? null,
    };
    await this.db
      .insert(libraryCatalogues)
      .values({ repository, ...set })
      .onConflictDoUpdate({ target: libraryCatalogues.repository, set });
  }

  /** The repository answered 304: the cached archive stands (fetchedAt, which keys its parsed copy, stays). */
  async catalogueUnchanged(repository: string): Promise<void> {
    const now = new Date();
    await this.db.update(libraryCatalogues).set({ triedAt: now, checkedAt: now, error: null }).where(eq(libraryCatalogues.repository, repository));
  }

  /** A failed refresh keeps the catalogue read before, and says why. */
  async catalogueFailed(repository: string, error: string): Promise<void> {
    const now = new Date();
    await this.db
      .insert(libraryCatalogues)
      .values({ repository, triedAt: now, error })
      .onConflictDoUpdate({ target: libraryCatalogues.repository, set: { triedAt: now, error } });
  }

  // Installed modules -------------------------------------------------------------------------------

  installed(): Promise<Omit<InstalledModuleRow, 'conf'>[]> {
    return this.db
      .select({
        name: libraryModules.name,
        repository: libraryModules.repository,
        version: libraryModules.version,
        kind: libraryModules.kind,
        translationCode: libraryModules.translationCode,
        installedAt: libraryModules.installedAt,
      })
      .from(libraryModules)
      .orderBy(asc(libraryModules.name));
  }

  async installedModule(name: string): Promise<InstalledModuleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(libraryModules)
      .where(sql`lower(${libraryModules.name}) = ${name.toLowerCase()}`);
    return row;
  }

  /** The module's zip as installed. */
  async modulePackage(name: string): Promise<Buffer | undefined> {
    const parts = await this.db
      .select({ content: libraryModuleParts.content })
      .from(libraryModuleParts)
      .where(eq(libraryModuleParts.name, name))
      .orderBy(asc(libraryModuleParts.part));
    return parts.length ? Buffer.concat(parts.map((p) => p.content)) : undefined;
  }

  /**
   * Records an install (replacing an older version) and raises the revision, in one transaction with a
   * Bible's translation: every process sees the whole install or none of it.
   */
  async saveInstalled(row: typeof libraryModules.$inferInsert, zip: Buffer, bible?: PreparedImport): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(libraryModules).where(sql`lower(${libraryModules.name}) = ${row.name.toLowerCase()}`);
      await tx.insert(libraryModules).values(row);
      for (let part = 0; part * PART_BYTES < zip.length; part++) {
        await tx.insert(libraryModuleParts).values({ name: row.name, part, content: zip.subarray(part * PART_BYTES, (part + 1) * PART_BYTES) });
      }
      if (bible) await new TranslationRepository(tx as unknown as Db).save(bible.row, bible.pack);
      await bumpRevision(tx as unknown as Db);
    });
  }

  /** Removes an install and its Bible's translation, and raises the revision, in one transaction. */
  async removeInstalled(name: string, translationCode: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(libraryModules).where(eq(libraryModules.name, name));
      if (translationCode) await new TranslationRepository(tx as unknown as Db).remove(translationCode);
      await bumpRevision(tx as unknown as Db);
    });
  }

  async revision(): Promise<number> {
    const [row] = await this.db.select({ revision: libraryState.revision }).from(libraryState).where(eq(libraryState.id, 1));
    return row?.revision ?? 0;
  }

  // Jobs --------------------------------------------------------------------------------------------

  async queue(job: { action: string; module: string; repository: string | null; requestedBy: string | null }): Promise<LibraryJobRow> {
    const [row] = await this.db.insert(libraryJobs).values(job).returning();
    return row!;
  }

  async job(id: number): Promise<LibraryJobRow | undefined> {
    const [row] = await this.db.select().from(libraryJobs).where(eq(libraryJobs.id, id));
    return row;
  }

  /** The queue (oldest first) and the latest finished jobs (newest first). */
  async jobs(): Promise<LibraryJobRow[]> {
    const open = await this.db
      .select()
      .from(libraryJobs)
      .where(inArray(libraryJobs.state, ['queued', 'running']))
      .orderBy(asc(libraryJobs.id))
      .limit(200);
    const finished = await this.db
      .select()
      .from(libraryJobs)
      .where(inArray(libraryJobs.state, ['done', 'failed', 'cancelled']))
      .orderBy(desc(libraryJobs.id))
      .limit(FINISHED_JOBS_SHOWN);
    return [...open, ...finished];
  }

  /** Whether a job for this module is already waiting or running (no second one is queued). */
  async openJobFor(module: string): Promise<LibraryJobRow | undefined> {
    const [row] = await this.db
      .select()
      .from(libraryJobs)
      .where(and(inArray(libraryJobs.state, ['queued', 'running']), sql`lower(${libraryJobs.module}) = ${module.toLowerCase()}`))
      .limit(1);
    return row;
  }

  /**
   * Takes the oldest queued job, or a running one whose process stopped, for this process: one atomic
   * UPDATE … SKIP LOCKED, so two processes never run the same job.
   */
  async claimNext(onlyId?: number): Promise<LibraryJobRow | undefined> {
    const stale = sql`now() - make_interval(secs => ${STALE_JOB_SECONDS})`;
    // A job cancelled while its process was stopping is over, not to be run again.
    await this.db
      .update(libraryJobs)
      .set({ state: 'cancelled', message: 'Cancelled.', finishedAt: new Date() })
      .where(and(eq(libraryJobs.state, 'running'), eq(libraryJobs.cancelRequested, true), lt(libraryJobs.heartbeatAt, stale)));
    const claimable = or(eq(libraryJobs.state, 'queued'), and(eq(libraryJobs.state, 'running'), lt(libraryJobs.heartbeatAt, stale)));
    const rows = await this.db.execute<{ id: number }>(sql`
      update ${libraryJobs} set state = 'running', heartbeat_at = now(), bytes_done = 0, bytes_total = null
      where id = (
        select id from ${libraryJobs}
        where ${claimable} ${onlyId === undefined ? sql`` : sql`and id = ${onlyId}`}
        order by id limit 1 for update skip locked
      )
      returning id`);
    const id = (rows as unknown as { rows: { id: number }[] }).rows[0]?.id;
    return id === undefined ? undefined : this.job(Number(id));
  }

  /** Progress and heartbeat; answers whether an admin asked to cancel. */
  async progress(id: number, bytesDone: number, bytesTotal: number | null): Promise<{ cancelRequested: boolean }> {
    const [row] = await this.db
      .update(libraryJobs)
      .set({ bytesDone, bytesTotal, heartbeatAt: new Date() })
      .where(eq(libraryJobs.id, id))
      .returning({ cancelRequested: libraryJobs.cancelRequested });
    return { cancelRequested: row?.cancelRequested ?? true };
  }

  async finish(id: number, state: 'done' | 'failed' | 'cancelled', message: string | null): Promise<void> {
    await this.db.update(libraryJobs).set({ state, message, finishedAt: new Date() }).where(eq(libraryJobs.id, id));
  }

  /** A queued job is cancelled at once; a running one is asked to stop (its runner checks at each progress step). */
  async cancel(id: number): Promise<LibraryJobRow | undefined> {
    await this.db
      .update(libraryJobs)
      .set({ state: 'cancelled', message: 'Cancelled before it started.', finishedAt: new Date(), cancelRequested: true })
      .where(and(eq(libraryJobs.id, id), eq(libraryJobs.state, 'queued')));
    await this.db
      .update(libraryJobs)
      .set({ cancelRequested: true })
      .where(and(eq(libraryJobs.id, id), eq(libraryJobs.state, 'running')));
    return this.job(id);
  }
}

async function bumpRevision(tx: Db): Promise<void> {
  await tx
    .update(libraryState)
    .set({ revision: sql`${libraryState.revision} + 1` })
    .where(eq(libraryState.id, 1));
}
