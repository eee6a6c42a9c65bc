import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSwordModule } from '../sword/discover.ts';
import { ZLdReader } from '../sword/zld.ts';
import { ZVerseReader } from '../sword/ztext.ts';
import { downloadPackage } from './download-package.ts';
import { writeModulePackage } from './install-package.ts';
import { readModulePackage } from './module-package.ts';
import {
  autoindexPage,
  CATALOGUE_DIR,
  installedConfs,
  installedEntry,
  packageFailure as failure,
  serveRepository,
  SYSTEM_SWORD,
  writeStandInCatalogue,
  writeStandInModuleFiles,
} from './testing.ts';

const MAX = 64 * 2 ** 20;

/** The bytes of an installed module's data files. */
const folderBytes = (dataDir: string) => readdirSync(join(SYSTEM_SWORD, dataDir)).reduce((sum, f) => sum + statSync(join(SYSTEM_SWORD, dataDir, f)).size, 0);

describe('installing from a repository that publishes no zips (the module folder, walked through its listings)', () => {
  let work: string;
  let stand: Awaited<ReturnType<typeof serveRepository>>;
  const mhccFolder = `/${CATALOGUE_DIR}/modules/comments/zcom/mhcc/`;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'selah-no-zips-'));
    const repository = join(work, 'repository');
    await writeStandInCatalogue(repository, installedConfs(['mhcc.conf', 'nave.conf']));
    await writeStandInModuleFiles(repository, 'MHCC');
    await writeStandInModuleFiles(repository, 'Nave');
    stand = await serveRepository(repository);
  });

  afterAll(async () => {
    await stand?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('serves a listing in Apache’s autoindex layout, with the parent and sort links a real one has', async () => {
    const page = await (await fetch(`${stand.url}${mhccFolder}`)).text();
    expect(page).toContain('<a href="?C=N;O=D">Name</a>');
    expect(page).toContain(`<a href="/${CATALOGUE_DIR}/modules/comments/zcom/">Parent Directory</a>`);
    expect(page).toContain('<a href="ot.bzz">ot.bzz</a>');
  });

  it('installs a commentary file by file, with progress in bytes against the files’ Content-Length', async () => {
    const entry = installedEntry('mhcc.conf');
    const progress: [number, number | null][] = [];
    const before = stand.served.length;
    const zip = await downloadPackage(stand.repository('No zips'), entry, { maxBytes: MAX, onProgress: (done, total) => progress.push([done, total]) });
    const size = folderBytes('modules/comments/zcom/mhcc');
    expect(progress[0]).toEqual([0, size]);
    expect(progress.at(-1)).toEqual([size, size]);
    for (let i = 1; i < progress.length; i++) expect(progress[i]![0]).toBeGreaterThanOrEqual(progress[i - 1]![0]);
    // The zip's two names answer 404; then the conf, the listing, and each file (HEAD, then GET).
    const requests = stand.served.slice(before).map((r) => `${r.method} ${r.status} ${r.path}`);
    expect(requests.slice(0, 4)).toEqual([
      'GET 404 /pub/sword/packages/rawzip/MHCC.zip',
      'GET 404 /pub/sword/packages/rawzip/mhcc.zip',
      `GET 200 /${CATALOGUE_DIR}/mods.d/mhcc.conf`,
      `GET 200 ${mhccFolder}`,
    ]);
    const files = ['nt.bzs', 'nt.bzv', 'nt.bzz', 'ot.bzs', 'ot.bzv', 'ot.bzz'];
    expect(requests.slice(4).sort()).toEqual(files.flatMap((f) => [`GET 200 ${mhccFolder}${f}`, `HEAD 200 ${mhccFolder}${f}`]).sort());

    const library = join(work, 'library');
    await writeModulePackage(await readModulePackage(zip, entry), library);
    const ours = ZVerseReader.open(findSwordModule('MHCC', [library])!);
    expect(ours.commentaryEntry('John', 3, 16)?.markup).toBe(
      ZVerseReader.open(findSwordModule('MHCC', [SYSTEM_SWORD])!).commentaryEntry('John', 3, 16)?.markup,
    );
    expect(readFileSync(join(library, 'mods.d/mhcc.conf')).equals(readFileSync(join(SYSTEM_SWORD, 'mods.d/mhcc.conf')))).toBe(true);
  });

  it('installs a dictionary whose DataPath is a file prefix from the folder of that prefix', async () => {
    const entry = installedEntry('nave.conf');
    const library = join(work, 'library-nave');
    await writeModulePackage(await readModulePackage(await downloadPackage(stand.repository('No zips'), entry, { maxBytes: MAX }), entry), library);
    const ours = ZLdReader.open(findSwordModule('Nave', [library])!);
    const theirs = ZLdReader.open(findSwordModule('Nave', [SYSTEM_SWORD])!);
    expect(ours.keys()).toEqual(theirs.keys());
    expect(ours.lookup('ABRAHAM')).toBe(theirs.lookup('ABRAHAM'));
  });

  it('refuses a listing whose links escape the module’s folder, before fetching any file', async () => {
    const entry = installedEntry('mhcc.conf');
    const real = autoindexPage(mhccFolder, join(work, 'repository', CATALOGUE_DIR, 'modules/comments/zcom/mhcc'));
    const hostile = [
      ['../../../mods.d/', '../../../mods.d/'],
      [`/${CATALOGUE_DIR}/modules/texts/ztext/kjv/ot.bzz`, `/${CATALOGUE_DIR}/modules/texts/ztext/kjv/ot.bzz`],
      ['http://elsewhere.example/ot.bzz', 'http://elsewhere.example/ot.bzz'],
      ['..%2f..%2fsecret', '..%2f..%2fsecret'],
    ];
    for (const [href, shown] of hostile) {
      const listed = await serveRepository(
        join(work, 'repository'),
        {},
        { [mhccFolder]: real.replace('</table>', `<tr><td><a href="${href}">x</a></td></tr></table>`) },
      );
      try {
        const error = await failure(downloadPackage(listed.repository('Hostile'), entry, { maxBytes: MAX }));
        expect(error.message).toMatch(
          new RegExp(
            `^MHCC from Hostile: the listing of ${listed.url}${mhccFolder} links to "${shown!.replace(/[.?]/g, '\\$&')}", (outside the module's folder|which is not a plain name in the folder)\\.$`,
          ),
        );
        expect(listed.served.filter((r) => r.path.startsWith(mhccFolder) && r.path !== mhccFolder)).toEqual([]);
      } finally {
        await listed.close();
      }
    }
  });

  it('refuses files larger than the cap before downloading them, and stops when cancelled', async () => {
    const entry = installedEntry('mhcc.conf');
    const before = stand.served.length;
    const error = await failure(downloadPackage(stand.repository('No zips'), entry, { maxBytes: 100_000 }));
    expect(error.message).toBe(
      `MHCC from No zips: the module's files are ${folderBytes('modules/comments/zcom/mhcc')} bytes, more than the 100000 allowed for it.`,
    );
    expect(stand.served.slice(before).filter((r) => r.method === 'GET' && r.status === 200 && r.path.startsWith(mhccFolder) && r.path !== mhccFolder)).toEqual(
      [],
    );

    const controller = new AbortController();
    const cancelled = await failure(
      downloadPackage(stand.repository('No zips'), entry, {
        maxBytes: MAX,
        signal: controller.signal,
        onProgress: (done) => {
          if (done > 0) controller.abort();
        },
      }),
    );
    expect(cancelled.cancelled).toBe(true);
  });
});
