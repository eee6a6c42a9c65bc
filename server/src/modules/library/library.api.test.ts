import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LibraryJob, ModuleDetail, ModulesPage, RepositoryStatus, StarterSet } from '#common/contracts/library.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { WEB_DIST } from '../../../test/web-build.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { type Browser, signUpVerified } from '../../../test/accounts.ts';
import { libraryCatalogues, users } from '../../db/schema.ts';
import { installedConfs, modulePackage, serveRepository, writeStandInCatalogue, writeStandInPackage } from '../../scripture/library/testing.ts';
import { findSwordModule } from '../../scripture/sword/discover.ts';
import { LibraryRepository } from './library.repository.ts';
import { LibraryService } from './library.service.ts';
import { importSwordBible } from '../../scripture/sword/import-sword-bible.ts';

type App = Awaited<ReturnType<typeof startTestApp>>;

/** Debian's modules, plus variants a real repository also holds: a refused licence, a locked module, one that stalls. */
function standInConfs(version = '2.60'): { file: string; bytes: Buffer }[] {
  const confs = installedConfs().filter((c) => /^(spaRV1909eb|mhcc|nave)\.conf$/.test(c.file));
  const rv = confs.find((c) => c.file === 'spaRV1909eb.conf')!;
  const variant = (file: string, edit: (text: string) => string) => ({ file, bytes: Buffer.from(edit(rv.bytes.toString('utf8'))) });
  return [
    ...confs.filter((c) => c !== rv),
    variant('spaRV1909eb.conf', (t) => t.replace(/^Version=.*$/m, `Version=${version}`)),
    variant('closed.conf', (t) => t.replace('[spaRV1909eb]', '[Closed]').replace(/^DistributionLicense=.*$/m, 'DistributionLicense=Copyrighted')),
    variant('locked.conf', (t) => t.replace('[spaRV1909eb]', '[Locked]').replace('ModDrv=zText', 'ModDrv=zText\nCipherKey=')),
    variant('slow.conf', (t) =>
      t
        .replace('[spaRV1909eb]', '[Slow]')
        .replace('Abbreviation=RV1909', 'Abbreviation=SLOW')
        .replace(/spaRV1909eb\//g, 'slow/')
        // Latin, so the Spanish starter set suggests RV1909, not this copy.
        .replace(/^Lang=.*$/m, 'Lang=la'),
    ),
  ];
}

describe(`the admin Library (${databaseKind()})`, () => {
  let app: App;
  let second: App | undefined;
  let admin: Browser;
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  let site: Awaited<ReturnType<typeof serveRepository>>;
  const root = mkdtempSync(join(tmpdir(), 'selah-stand-in-'));

  beforeAll(async () => {
    await writeStandInCatalogue(root, standInConfs());
    await writeStandInPackage(root, 'spaRV1909eb.zip', await modulePackage('spaRV1909eb'));
    await writeStandInPackage(root, 'mhcc.zip', await modulePackage('mhcc'));
    await writeStandInPackage(root, 'Nave.zip', await modulePackage('Nave'));
    await writeStandInPackage(root, 'Slow.zip', await modulePackage('spaRV1909eb'));
    site = await serveRepository(root, { '/pub/sword/packages/rawzip/Slow.zip': 'stall' });
    const stand = site.repository('Stand-in');
    inbox = await startInbox();
    app = await startTestApp({
      importDefaults: false,
      env: { WEB_DIST, SMTP_URL: inbox.url, SWORD_REPOSITORIES: `Stand-in=${stand.catalogueUrl}|${stand.packageUrl},Gone=${site.url}/nothing/here` },
    });
    admin = await signUpVerified(app, inbox, 'lydia@example.org', undefined, '10.9.0.1');
    await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'lydia@example.org'));
  }, 60_000);

  afterAll(async () => {
    await second?.stop();
    await app?.stop();
    await inbox?.stop();
    await site?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const json = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, status = 200): Promise<T> => {
    const response = await admin.request(method, path, body);
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  };

  /** Waits until the job has finished, however long a busy machine takes. */
  async function finished(id: string): Promise<LibraryJob> {
    for (;;) {
      const { jobs } = await json<{ jobs: LibraryJob[] }>('GET', '/api/admin/library/jobs');
      const job = jobs.find((j) => j.id === id)!;
      if (['done', 'failed', 'cancelled'].includes(job.state)) return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const readJohn3 = (which: App) =>
    which.server.inject({ method: 'GET', url: '/api/bible/content/John/3?translation=RV1909', headers: { host: 'selah.test' } });

  it('is for admins only', async () => {
    const guest = await app.server.inject({ method: 'GET', url: '/api/admin/library/modules', headers: { host: 'selah.test' } });
    expect(guest.statusCode).toBe(401);
  });

  it('starts with the configured repositories and reads their catalogues on request, reporting one that fails', async () => {
    const before = await json<{ repositories: RepositoryStatus[] }>('GET', '/api/admin/library/repositories');
    expect(before.repositories.map((r) => [r.name, r.fetchedAt, r.moduleCount])).toEqual([
      ['Stand-in', null, 0],
      ['Gone', null, 0],
    ]);
    const { repositories } = await json<{ repositories: RepositoryStatus[] }>('POST', '/api/admin/library/refresh', {});
    const [standIn, gone] = repositories;
    expect(standIn!.moduleCount).toBe(6);
    expect(standIn!.error).toBeNull();
    expect(gone!.moduleCount).toBe(0);
    expect(gone!.error).toMatch(/^Gone: the repository has no mods\.d\.tar\.gz \(HTTP 404\)/);
  });

  it('asks the repository whether its catalogue changed: a 304 keeps the cached one, records the check and downloads nothing', async () => {
    const address = '/pub/sword/raw/mods.d.tar.gz';
    const sentBefore = site.served.filter((r) => r.path === address).length;
    const before = (await json<{ repositories: RepositoryStatus[] }>('GET', '/api/admin/library/repositories')).repositories[0]!;
    const { repositories } = await json<{ repositories: RepositoryStatus[] }>('POST', '/api/admin/library/refresh', { repository: 'Stand-in' });
    const after = repositories[0]!;
    expect(site.served.filter((r) => r.path === address).slice(sentBefore)).toEqual([{ method: 'GET', path: address, status: 304, bytes: 0 }]);
    expect(after).toMatchObject({ fetchedAt: before.fetchedAt, moduleCount: 6, error: null });
    expect(Date.parse(after.checkedAt!)).toBeGreaterThan(Date.parse(before.checkedAt!));
  });

  it('runs one refresh of a catalogue at a time across processes: a second, asked while the first reads, joins it and fetches nothing', async () => {
    const address = '/pub/sword/raw/mods.d.tar.gz';
    const joins: string[] = [];
    const log = { info: (_data: object, message: string) => joins.push(message), warn: () => undefined };
    // The one that joins looks at the claim once more while it is still held, and gets its answer only
    // after the first refresh has finished and given the claim up: the moment a joined refresh must not
    // take for a cue to ask the repository again.
    let firstDone = () => {};
    const finished = new Promise<void>((resolve) => (firstDone = resolve));
    let lookedWhileHeld = () => {};
    const looked = new Promise<void>((resolve) => (lookedWhileHeld = resolve));
    class LateLooks extends LibraryRepository {
      override async catalogueStatuses() {
        const rows = await super.catalogueStatuses();
        if (joins.length > 0 && rows.some((r) => r.refreshingSince)) {
          lookedWhileHeld();
          await finished;
        }
        return rows;
      }
    }
    // Two services over one database, as two app processes have.
    const one = new LibraryService(new LibraryRepository(app.database.db), { seed: [], log });
    const two = new LibraryService(new LateLooks(app.database.db), { seed: [], log });
    const gate = site.hold(address);
    const sentBefore = site.served.filter((r) => r.path === address).length;
    const first = one.refresh({ repository: 'Stand-in', force: true }).finally(firstDone);
    // The second asks once the first holds the claim (its request is at the repository).
    while (gate.arrived() < 1) await new Promise((resolve) => setTimeout(resolve, 20));
    const both = Promise.all([first, two.refresh({ repository: 'Stand-in', force: true })]);
    try {
      // One request has reached the repository and is held there; the other refresh has joined it.
      while (gate.arrived() < 1 || joins.length < 1) await new Promise((resolve) => setTimeout(resolve, 20));
      await looked;
      const during = await json<{ repositories: RepositoryStatus[] }>('GET', '/api/admin/library/repositories');
      expect(during.repositories.map((r) => [r.name, r.refreshing])).toEqual([
        ['Stand-in', true],
        ['Gone', false],
      ]);
    } finally {
      gate.release();
    }
    const [a, b] = await both;
    expect(gate.arrived()).toBe(1);
    expect(site.served.filter((r) => r.path === address).slice(sentBefore)).toEqual([{ method: 'GET', path: address, status: 304, bytes: 0 }]);
    for (const list of [a, b]) expect(list[0]).toMatchObject({ name: 'Stand-in', refreshing: false, moduleCount: 6, error: null });
    expect(joins).toEqual(['library: joining the refresh of Stand-in under way']);
  });

  it('takes over a refresh whose process stopped once its claim goes stale, and asks the repository once', async () => {
    const address = '/pub/sword/raw/mods.d.tar.gz';
    const joins: string[] = [];
    const log = { info: (_data: object, message: string) => joins.push(message), warn: () => undefined };
    const service = new LibraryService(new LibraryRepository(app.database.db), { seed: [], log, fetch: { timeoutMs: 1_000 } });
    // A claim taken by a process that stopped just before it would count as stale (the fetch's time-out
    // and a minute's margin): this refresh joins it, then takes it over.
    const staleMs = 1_000 + 60_000;
    await app.database.db
      .update(libraryCatalogues)
      .set({ refreshingSince: new Date(Date.now() - staleMs + 1_500) })
      .where(eq(libraryCatalogues.repository, 'Stand-in'));
    const sentBefore = site.served.filter((r) => r.path === address).length;
    const [status] = await service.refresh({ repository: 'Stand-in', force: true });
    expect(joins).toEqual(['library: joining the refresh of Stand-in under way']);
    expect(site.served.filter((r) => r.path === address).slice(sentBefore)).toEqual([{ method: 'GET', path: address, status: 304, bytes: 0 }]);
    expect(status).toMatchObject({ name: 'Stand-in', refreshing: false, error: null });
  });

  it('lists modules by type, language and licence, with languages named for the reader', async () => {
    const bibles = await admin.request('GET', '/api/admin/library/modules?kind=bible', undefined, { 'accept-language': 'de-DE,de;q=0.9' });
    const page = bibles.json() as ModulesPage;
    expect(page.modules.map((m) => m.name).sort()).toEqual(['Closed', 'Locked', 'Slow', 'spaRV1909eb']);
    expect(page.languages).toContainEqual({ tag: 'es', name: 'Spanisch', count: 3 });
    expect(page.languages).toContainEqual({ tag: 'la', name: 'Latein', count: 1 });
    const rv = page.modules.find((m) => m.name === 'spaRV1909eb')!;
    expect(rv).toMatchObject({ languageName: 'Spanisch', version: '2.60', installSize: 2974639, locked: false, unsupported: null, installedVersion: null });
    expect(rv.licence).toEqual({ text: 'Public Domain', installable: true, nonCommercial: false, reason: null });
    const refused = await json<ModulesPage>('GET', '/api/admin/library/modules?licence=refused');
    expect(refused.modules.map((m) => m.name)).toEqual(['Closed']);
    expect(refused.modules[0]!.licence.reason).toMatch(/copyrighted/i);
    const commentaries = await json<ModulesPage>('GET', '/api/admin/library/modules?kind=commentary&q=henry');
    expect(commentaries.modules.map((m) => m.name)).toEqual(['MHCC']);
    const detail = await json<ModuleDetail>('GET', '/api/admin/library/modules/Stand-in/MHCC');
    expect(detail.about.join('\n')).toMatch(/Matthew Henry/);
    expect((await admin.request('GET', '/api/admin/library/modules/Stand-in/Nothing')).statusCode).toBe(404);
    expect((await admin.request('GET', '/api/admin/library/modules?kind=novel')).statusCode).toBe(400);
  });

  it('suggests a starter set for the admin’s language, leaving out what cannot be installed', async () => {
    const spanish = (await admin.request('GET', '/api/admin/library/starter', undefined, { 'accept-language': 'es' })).json() as StarterSet;
    expect(spanish.languageName).toBe('español');
    // The refused and locked copies of RV1909 are Spanish too, and left out.
    expect(spanish.suggestions.map((s) => [s.role, s.module.name])).toEqual([
      ['translation', 'spaRV1909eb'],
      ['commentary', 'MHCC'],
      ['topical-index', 'Nave'],
    ]);
    // No English Bible in the stand-in (the refused, locked and slow copies are variants of RV1909).
    const english = (await admin.request('GET', '/api/admin/library/starter', undefined, { 'accept-language': 'en-GB' })).json() as StarterSet;
    expect(english.suggestions.map((s) => s.role)).toEqual(['commentary', 'topical-index']);
  });

  it('refuses what must not be installed, with the reason', async () => {
    const closed = await admin.request('POST', '/api/admin/library/jobs', { action: 'install', module: 'Closed' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toMatch(/^Closed cannot be installed: The text is copyrighted/);
    const locked = await admin.request('POST', '/api/admin/library/jobs', { action: 'install', module: 'Locked' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toMatch(/locked/);
    const unknown = await admin.request('POST', '/api/admin/library/jobs', { action: 'install', module: 'NoSuchModule' });
    expect(unknown.statusCode).toBe(404);
    const notInstalled = await admin.request('POST', '/api/admin/library/jobs', { action: 'remove', module: 'MHCC' });
    expect(notInstalled.statusCode).toBe(404);
  });

  it('installs a Bible with progress; readers get it at once, with its text', async () => {
    const job = await json<LibraryJob>('POST', '/api/admin/library/jobs', { action: 'install', module: 'spaRV1909eb' }, 202);
    expect(job).toMatchObject({ action: 'install', module: 'spaRV1909eb', repository: 'Stand-in' });
    const done = await finished(job.id);
    expect(done.message, done.message ?? '').toMatch(/^Installed spaRV1909eb 2\.60: .*\(RV1909\)/);
    const zipSize = readFileSync(join(root, 'pub/sword/packages/rawzip/spaRV1909eb.zip')).length;
    expect(done).toMatchObject({ state: 'done', bytesDone: zipSize, bytesTotal: zipSize, percent: 100 });

    const expected = importSwordBible(findSwordModule('spaRV1909eb', ['/usr/share/sword'])!);
    const john316 = expected.books.find((b) => b.osis === 'John')!.verses.find((v) => v.chapter === 3 && v.verse === 16)!;
    const chapter = await readJohn3(app);
    expect(chapter.statusCode).toBe(200);
    const words = /"text":"([^"\\]{12,})"/.exec(JSON.stringify(john316.content))![1]!.slice(0, 30);
    expect(chapter.body).toContain(words);
    const listed = await json<ModulesPage>('GET', '/api/admin/library/modules?installed=yes');
    expect(listed.modules.map((m) => [m.name, m.installedVersion])).toEqual([['spaRV1909eb', '2.60']]);
  }, 60_000);

  it('installs a commentary into the process’s own SWORD root', async () => {
    const done = await finished((await json<LibraryJob>('POST', '/api/admin/library/jobs', { action: 'install', module: 'MHCC' }, 202)).id);
    expect(done.state, done.message ?? '').toBe('done');
    expect(existsSync(join(app.libraryRoot, 'mods.d', 'mhcc.conf'))).toBe(true);
  }, 60_000);

  it('cancels a download that is running, and installs nothing', async () => {
    const job = await json<LibraryJob>('POST', '/api/admin/library/jobs', { action: 'install', module: 'Slow' }, 202);
    // Wait until the download has started (bytes arrived), then cancel.
    for (;;) {
      const { jobs } = await json<{ jobs: LibraryJob[] }>('GET', '/api/admin/library/jobs');
      if (jobs.find((j) => j.id === job.id)!.bytesDone > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await json<LibraryJob>('POST', `/api/admin/library/jobs/${job.id}/cancel`);
    const done = await finished(job.id);
    expect(done.state).toBe('cancelled');
    expect(done.message).toBe('Cancelled: nothing of Slow was installed.');
    const translations = await app.server.inject({ method: 'GET', url: '/api/bible/translations/all', headers: { host: 'selah.test' } });
    expect(translations.body).not.toContain('"SLOW"');
  }, 60_000);

  it('offers an update when the repository has a newer version, and installs it in place', async () => {
    await writeStandInCatalogue(root, standInConfs('2.61'));
    await writeStandInPackage(root, 'spaRV1909eb.zip', await modulePackage('spaRV1909eb', (t) => t.replace(/^Version=.*$/m, 'Version=2.61')));
    const sentBefore = site.served.length;
    await json('POST', '/api/admin/library/refresh', { repository: 'Stand-in' });
    // The changed catalogue has another ETag: downloaded again, not answered 304.
    expect(site.served.slice(sentBefore).map((r) => [r.path, r.status])).toEqual([['/pub/sword/raw/mods.d.tar.gz', 200]]);
    const before = await json<ModulesPage>('GET', '/api/admin/library/modules?q=spaRV1909eb');
    expect(before.modules[0]).toMatchObject({ version: '2.61', installedVersion: '2.60', updateAvailable: true });
    const done = await finished((await json<LibraryJob>('POST', '/api/admin/library/jobs', { action: 'update', module: 'spaRV1909eb' }, 202)).id);
    expect(done.state, done.message ?? '').toBe('done');
    const after = await json<ModulesPage>('GET', '/api/admin/library/modules?q=spaRV1909eb');
    expect(after.modules[0]).toMatchObject({ installedVersion: '2.61', updateAvailable: false });
    // Same code as before: readers' links and settings still point at it.
    expect((await readJohn3(app)).statusCode).toBe(200);
    const again = await admin.request('POST', '/api/admin/library/jobs', { action: 'update', module: 'spaRV1909eb' });
    expect(again.statusCode).toBe(409);
  }, 60_000);

  it('installs the whole starter set with one request, after which nothing is left to suggest', async () => {
    const before = (await admin.request('GET', '/api/admin/library/starter', undefined, { 'accept-language': 'es' })).json() as StarterSet;
    expect(before.suggestions.length).toBeGreaterThan(0);
    const queued = await admin.request('POST', '/api/admin/library/starter', undefined, { 'accept-language': 'es' });
    expect(queued.statusCode).toBe(202);
    const { jobs } = queued.json() as { jobs: LibraryJob[] };
    expect(jobs.map((j) => j.module)).toEqual(before.suggestions.map((s) => s.module.name));
    for (const job of jobs) {
      const done = await finished(job.id);
      expect(done.state, done.message ?? '').toBe('done');
    }
    const after = (await admin.request('GET', '/api/admin/library/starter', undefined, { 'accept-language': 'es' })).json() as StarterSet;
    expect(after.suggestions).toEqual([]);
  }, 60_000);

  it('removes a Bible: readers lose it at once, and reader pages cached for it are dropped', async () => {
    const page = () => app.server.inject({ method: 'GET', url: '/bible?book=John&chapter=3&translation=RV1909', headers: { host: 'selah.test' } });
    const spanish = 'Porque de tal manera amó Dios al mundo';
    expect((await page()).body).toContain(spanish); // rendered, and cached
    const done = await finished((await json<LibraryJob>('POST', '/api/admin/library/jobs', { action: 'remove', module: 'spaRV1909eb' }, 202)).id);
    expect(done).toMatchObject({ state: 'done', message: 'Removed spaRV1909eb.' });
    expect((await readJohn3(app)).statusCode).toBe(404);
    expect((await page()).body).not.toContain(spanish);
    expect(existsSync(join(app.libraryRoot, 'mods.d', 'spaRV1909eb.conf'))).toBe(false);
  }, 60_000);

  it('is seen by another process within seconds, installed and removed, with no restart', async () => {
    if (!process.env.TEST_DATABASE_URL) return; // PGlite is one process's database
    second = await startTestApp({ keepTables: true, importDefaults: false });
    // What was installed before it started: unpacked from the database into its own folder.
    expect(existsSync(join(second.libraryRoot, 'mods.d', 'mhcc.conf'))).toBe(true);
    expect((await readJohn3(second)).statusCode).toBe(404);

    const installed = await finished((await json<LibraryJob>('POST', '/api/admin/library/jobs', { action: 'install', module: 'spaRV1909eb' }, 202)).id);
    expect(installed.state, installed.message ?? '').toBe('done');
    // The other process learns of it from the database.
    while ((await readJohn3(second)).statusCode !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(existsSync(join(second.libraryRoot, 'mods.d', 'spaRV1909eb.conf'))).toBe(true);

    const removed = await finished((await json<LibraryJob>('POST', '/api/admin/library/jobs', { action: 'remove', module: 'spaRV1909eb' }, 202)).id);
    expect(removed.state).toBe('done');
    while ((await readJohn3(second)).statusCode !== 404) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(existsSync(join(second.libraryRoot, 'mods.d', 'spaRV1909eb.conf'))).toBe(false);
  }, 60_000);
});
