import type { SelahModule } from '../../lib/module/module.ts';
import { Places, workerPool } from '../../lib/worker-pool.ts';
import { checkStoredAnswer } from '../ai/reference-check.ts';
import { studyRoutes } from './study.routes.ts';
import { StudyRepository } from './study.repository.ts';
import { StudyService } from './study.service.ts';
import { studyTransferRoutes } from './study-transfer.routes.ts';
import { StudyTransferRepository } from './study-transfer.repository.ts';
import { StudyTransferService } from './study-transfer.service.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    /** Imports holding a place in the checker's queue (from their headers until they are answered). */
    studyImports: Places;
  }
}

/** Notes, highlights and bookmarks, and their export and import. */
export const studyModule: SelahModule = {
  name: 'study',
  async setup({ server, db, use, provide, onClose }) {
    const bible = use('bible');
    const viewerOf = use('viewer');
    const studyRepository = new StudyRepository(db);
    // A stored note answer's references are checked when it is read, in its translation or the default one.
    const checkAnswer = async (text: string, translation: string) => (await checkStoredAnswer(text, translation, bible)).references;
    await server.register(studyRoutes(new StudyService(studyRepository, checkAnswer), viewerOf));
    // One thread checks imports; a few more wait their turn, and beyond that the server says it is busy.
    const importPool = { maxThreads: 1, maxQueue: 3 };
    const importChecker = workerPool(new URL('./import-check.worker.ts', import.meta.url), importPool);
    const importPlaces = new Places(importPool.maxThreads + importPool.maxQueue);
    await server.register(
      studyTransferRoutes(new StudyTransferService(new StudyTransferRepository(db), studyRepository, importChecker, importPlaces), viewerOf),
    );
    onClose(() => importChecker.destroy());
    provide('studyImports', importPlaces);
  },
};
