/**
 * `npm run bible -- <command>`: manage the Bible store from the command line.
 *   import <file|dir> [--code KJV] [--name "…"] [--language en] [--category Word-for-Word]
 *                     [--licence "…"] [--format usfm|osis|zefania] [--replace]
 *   list
 *   remove <code>
 *   library list|install|remove|update …   (scripts/library-cli.ts)
 * Uses the same settings as the server (DATA_DIR or DATABASE_URL). With the embedded database, stop
 * the server before import, list or remove: one process at a time may open the data folder, and a running
 * server picks up the change on its next start. The library commands work while it runs.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { BibleStore } from '../server/src/scripture/store/bible-store.ts';
import { BibleLibrary } from '../server/src/scripture/store/bible-library.ts';
import { TranslationRepository } from '../server/src/scripture/store/translation.repository.ts';
import { fingerprintPath } from '../server/src/scripture/store/fingerprint.ts';
import { importBibleFile, type BibleFileFormat } from '../server/src/scripture/importers/files/detect.ts';
import { ImportError } from '../server/src/scripture/importers/types.ts';
import { LIBRARY_USAGE, runLibraryCommand } from './library-cli.ts';

const USAGE = `Usage:
  npm run bible -- import <file|dir> [--code CODE] [--name NAME] [--language TAG] [--category CATEGORY]
                                     [--licence TEXT] [--format usfm|osis|zefania] [--replace]
  npm run bible -- list
  npm run bible -- remove <code>
${LIBRARY_USAGE}`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      code: { type: 'string' },
      name: { type: 'string' },
      language: { type: 'string' },
      category: { type: 'string' },
      licence: { type: 'string' },
      format: { type: 'string' },
      replace: { type: 'boolean', default: false },
      repository: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, target] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (values.format && !['usfm', 'osis', 'zefania'].includes(values.format)) {
    console.error(`--format must be usfm, osis or zefania (got "${values.format}")`);
    return 2;
  }
  const config = loadConfig();
  if (command === 'library') return runLibraryCommand(positionals.slice(1), values, config, console.log, console.error);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const repository = new TranslationRepository(database.db);
  const library = new BibleLibrary(repository, new BibleStore(), {
    info: (...a: unknown[]) => console.log(String(a.at(-1))),
    warn: (...a: unknown[]) => console.warn(String(a.at(-1))),
    error: (...a: unknown[]) => console.error(String(a.at(-1))),
  } as never);
  try {
    switch (command) {
      case 'list': {
        const rows = await repository.list();
        if (rows.length === 0) console.log('No translations yet: start the server once, or import one.');
        for (const r of rows) console.log(`${r.code.padEnd(10)} ${r.name} — ${r.languageName}, ${r.category}, ${r.verseCount} verses, from ${r.source}`);
        return 0;
      }
      case 'remove': {
        if (!target) return usage('remove needs a translation code');
        const code = target.toUpperCase();
        if (!(await repository.find(code))) {
          console.error(`No translation with code ${code}.`);
          return 1;
        }
        await repository.remove(code);
        console.log(`Removed ${code}.`);
        return 0;
      }
      case 'import': {
        if (!target) return usage('import needs a file or folder');
        const path = resolve(target);
        const warnings: string[] = [];
        const bible = await importBibleFile(path, {
          code: values.code,
          name: values.name,
          language: values.language,
          category: values.category,
          licence: values.licence,
          format: values.format as BibleFileFormat | undefined,
          warn: (m) => warnings.push(m),
        });
        for (const w of warnings) console.warn(`warning: ${w}`);
        const fingerprint = await fingerprintPath(path, JSON.stringify({ ...values, replace: undefined }));
        const existing = await repository.find(bible.meta.code);
        if (existing?.fingerprint === fingerprint) {
          console.log(`${bible.meta.code} is already imported from this source; nothing to do.`);
          return 0;
        }
        if (existing && !values.replace) {
          console.error(
            `A translation with code ${bible.meta.code} already exists (${existing.name}, from ${existing.source}). ` +
              `Choose another code with --code, or pass --replace to replace it.`,
          );
          return 1;
        }
        const outcome = await library.importBible(bible, fingerprint, path);
        console.log(`Imported ${outcome.code} (${bible.meta.name}): ${bible.books.length} books, ${outcome.verses} verses.`);
        return 0;
      }
      default:
        return usage(`unknown command "${command}"`);
    }
  } finally {
    await database.close();
  }
}

function usage(problem: string): number {
  console.error(`${problem}\n\n${USAGE}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    // These messages already name the file and place, the setting, or the valid values.
    const plain = error instanceof ImportError || error instanceof ConfigError || error instanceof RangeError;
    console.error(plain ? error.message : `bible: ${error.message}`);
    process.exit(1);
  },
);
