import { prepareImport, type PreparedImport } from '../../scripture/store/bible-library.ts';
import { findSwordModule } from '../../scripture/sword/discover.ts';
import { importSwordBible } from '../../scripture/sword/import-sword-bible.ts';

export interface PrepareBibleTask {
  /** The SWORD root the module was just written to. */
  root: string;
  name: string;
  code: string;
  fingerprint: string;
}

/**
 * Worker-thread entry: reads an installed Bible module and encodes it as a translation. Parsing a whole
 * Bible takes seconds and hundreds of MB of short-lived objects; in a worker the server thread keeps
 * answering readers meanwhile, and the memory goes when the thread does.
 */
export default function prepareBible(task: PrepareBibleTask): PreparedImport {
  const module = findSwordModule(task.name, [task.root]);
  if (!module) throw new Error(`${task.name} was written but cannot be found again in the library folder.`);
  const bible = importSwordBible(module);
  bible.meta.code = task.code;
  return prepareImport(bible, task.fingerprint, `SWORD module ${module.name}`);
}
