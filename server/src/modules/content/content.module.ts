import { fileURLToPath } from 'node:url';
import type { SelahModule } from '../../lib/module/module.ts';
import { readContentFolder } from './content-folder.ts';
import { importContent, type ImportCounts } from './content-import.ts';

/** Original sample lessons, authors and news, loaded on a first start unless SAMPLE_CONTENT=off. */
const SAMPLE_CONTENT_DIR = fileURLToPath(new URL('../../../../content/sample', import.meta.url));

declare module '../../lib/module/module.ts' {
  interface Services {
    content: {
      /** Loads a content folder (lessons, authors, news, prayers): `npm run content`, and the samples on a first start. */
      importContent(folder: string): Promise<ImportCounts>;
      /** The sample content, on the first start only (however many processes start at once). */
      loadSampleContent(): Promise<boolean>;
    };
  }
}

export const contentModule: SelahModule = {
  name: 'content',
  setup({ use, provide }) {
    const [lessons, news, daily, claims] = [use('lessons'), use('news'), use('daily'), use('claims')];
    // async, so a folder that does not read is a rejected promise like any other failure of the import.
    const importFolder = async (folder: string) => importContent(readContentFolder(folder), { lessons, news, daily });
    provide('content', {
      importContent: importFolder,
      loadSampleContent: () => claims.once('sample-content', 'first-start', async () => void (await importFolder(SAMPLE_CONTENT_DIR))),
    });
  },
};
