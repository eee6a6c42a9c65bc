import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { libraryRootIn } from '../../scripture/library/library-root.ts';
import { removeAbandonedStaging } from '../../scripture/library/install-package.ts';
import type { Repository } from '../../scripture/library/repositories.ts';
import type { TranslationRepository } from '../../scripture/store/translation.repository.ts';
import { LibraryJobRunner } from './library-jobs.ts';
import type { LibraryRepository } from './library.repository.ts';
import { LibraryService, type LibraryLog } from './library.service.ts';
import { ModuleInstaller } from './module-installer.ts';
import { workerPool } from '../../lib/worker-pool.ts';
import type { PreparedImport } from '../../scripture/store/bible-library.ts';

export interface OpenedLibrary {
  repo: LibraryRepository;
  service: LibraryService;
  jobs: LibraryJobRunner;
  root: string;
  /** Ends the worker thread Bibles are read in. */
  close(): Promise<void>;
}

/**
 * The library's parts on a database, for the server (library.module.ts) and the CLI alike: what one
 * does, the other sees, because both work through the same tables.
 */
export async function openLibrary(options: {
  repo: LibraryRepository;
  translations: TranslationRepository;
  dataDir: string;
  seed: readonly Repository[];
  log: LibraryLog;
  afterChange?: () => Promise<void>;
}): Promise<OpenedLibrary> {
  const root = libraryRootIn(options.dataDir);
  mkdirSync(join(root, 'mods.d'), { recursive: true });
  await removeAbandonedStaging(root);
  const { repo } = options;
  const service = new LibraryService(repo, { seed: options.seed, log: options.log });
  await service.start();
  const pool = workerPool(new URL('./prepare-bible.worker.ts', import.meta.url), { maxThreads: 1, maxQueue: 4 });
  const installer = new ModuleInstaller(repo, options.translations, root, (task) => pool.run(task) as Promise<PreparedImport>);
  const jobs = new LibraryJobRunner(repo, service, installer, options.afterChange ?? (async () => {}), options.log);
  return { repo, service, jobs, root, close: () => pool.destroy() };
}
