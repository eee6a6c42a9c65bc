import type { SelahModule } from '../../lib/module/module.ts';
import { startLibraryControl, controlSocketPath } from './library-control.ts';
import { LibrarySync } from './library-sync.ts';
import { libraryRoutes } from './library.routes.ts';
import type { LibraryService } from './library.service.ts';
import { openLibrary } from './open-library.ts';
import { libraryRootIn } from '../../scripture/library/library-root.ts';
import { LibraryRepository } from './library.repository.ts';
import { TranslationRepository } from '../../scripture/store/translation.repository.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    library: { service: LibraryService; sync: LibrarySync; root: string };
  }
}

/**
 * The Scripture library (issue 30): SWORD modules installed from the site's repositories into a SWORD
 * root in the data folder, which every process keeps in step with the database (LibrarySync).
 */
export const libraryModule: SelahModule = {
  name: 'library',
  async setup({ server, config, database, db, log, translations, use, on, emit, provide, onClose }) {
    const repo = new LibraryRepository(db);
    const sync = new LibrarySync(repo, libraryRootIn(config.dataDir), translations, () => emit('pages-changed'), log);
    const { service, jobs, root, close } = await openLibrary({
      repo,
      translations: new TranslationRepository(db),
      dataDir: config.dataDir,
      seed: config.swordRepositories,
      log,
      // Every process, this one first, brings its copy in step at once (the poll only catches what was missed).
      afterChange: () => emit('library-changed'),
    });
    on('library-changed', async () => void (await sync.check()));
    await sync.check();
    sync.start();
    jobs.start();
    await server.register(libraryRoutes(service, use('audit'), use('staff'), () => void jobs.drain()));
    // The embedded database is this process's alone: the CLI asks this process to do its library work.
    const control = database.kind === 'pglite' ? await startLibraryControl(controlSocketPath(config.dataDir), service, jobs, log) : undefined;
    onClose(async () => {
      await control?.close();
      await jobs.stop();
      await sync.stop();
      await close();
    });
    provide('library', { service, sync, root });
  },
};
