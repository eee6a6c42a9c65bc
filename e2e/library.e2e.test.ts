import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_DIR,
  installedConfs,
  modulePackage,
  serveRepository,
  writeStandInCatalogue,
  writeStandInPackage,
  PACKAGE_DIR,
  SYSTEM_SWORD,
} from '../server/src/scripture/library/testing.ts';
import { findSwordModule } from '../server/src/scripture/sword/discover.ts';
import { importSwordBible } from '../server/src/scripture/sword/import-sword-bible.ts';
import { seedDatabase, ownServerEnv, startAppProcess } from './app-process.ts';
import { useBrowser } from './fixtures.ts';
import { signInAs } from './session.ts';
import { SEEDED_ADMIN } from './seeded-accounts.ts';
import { seriousViolations } from './axe.ts';
import { smallTargets } from './touch-targets.ts';

// Issue 30: an admin installs SWORD modules from the Library panel, against the real server and a
// stand-in SWORD repository on loopback (Debian's modules in CrossWire's layout). The server is this
// file's own: the library is configured when a site starts (SWORD_REPOSITORIES), and what it installs
// must not change the translations the other browser tests read.
const { page: newPage } = useBrowser();

/** Debian's modules, plus what a real repository also holds: a refused licence, a locked module, and one whose download stalls. */
function standInConfs(): { file: string; bytes: Buffer }[] {
  const confs = installedConfs().filter((c) => /^(spaRV1909eb|mhcc|nave)\.conf$/.test(c.file));
  const rv = confs.find((c) => c.file === 'spaRV1909eb.conf')!;
  const variant = (file: string, edit: (text: string) => string) => ({ file, bytes: Buffer.from(edit(rv.bytes.toString('utf8'))) });
  return [
    ...confs,
    variant('closed.conf', (t) =>
      t
        .replace('[spaRV1909eb]', '[Closed]')
        .replace(/^Description=.*$/m, 'Description=A Closed Spanish Bible')
        .replace(/^DistributionLicense=.*$/m, 'DistributionLicense=Copyrighted'),
    ),
    variant('locked.conf', (t) =>
      t
        .replace('[spaRV1909eb]', '[Locked]')
        .replace(/^Description=.*$/m, 'Description=A Locked Spanish Bible')
        .replace('ModDrv=zText', 'ModDrv=zText\nCipherKey='),
    ),
    variant('slow.conf', (t) =>
      t
        .replace('[spaRV1909eb]', '[Slow]')
        .replace(/^Description=.*$/m, 'Description=A Slow Spanish Bible')
        .replace('Abbreviation=RV1909', 'Abbreviation=SLOW')
        .replace(/spaRV1909eb\//g, 'slow/'),
    ),
  ];
}

/**
 * The repository's zip folder, sending half of each zip at once and the rest only when the test opens
 * its gate, so the panel's progress can be seen at a known point however fast the machine is. A zip
 * whose gate never opens stalls, as a dying mirror does.
 */
async function serveHeldZips(root: string) {
  const gates = new Map<string, () => void>();
  const opened = new Map<string, Promise<void>>();
  const gate = (file: string) => {
    if (!opened.has(file)) opened.set(file, new Promise<void>((resolve) => gates.set(file, resolve)));
    return opened.get(file)!;
  };
  const server: Server = createServer((request, response) => {
    const file = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname).slice(1);
    let body: Buffer;
    try {
      if (file.includes('/') || file.startsWith('.')) throw new Error('not a zip of this folder');
      body = readFileSync(join(root, PACKAGE_DIR, file));
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(body.length) });
    response.write(body.subarray(0, body.length >> 1));
    void gate(file).then(() => response.end(body.subarray(body.length >> 1)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    /** What the panel shows once the first half of this zip has arrived: percent and "x of y". */
    half: (file: string) => {
      const size = readFileSync(join(root, PACKAGE_DIR, file)).length;
      return { percent: Math.floor(((size >> 1) / size) * 100), size };
    },
    release: (file: string) => {
      void gate(file);
      gates.get(file)!();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let root: string;
let catalogues: Awaited<ReturnType<typeof serveRepository>>;
let zips: Awaited<ReturnType<typeof serveHeldZips>>;
let app: Awaited<ReturnType<typeof startAppProcess>>;

async function openLibrary(options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
  const page = await signInAs(await newPage({ width: 1280, height: 900, ...options, baseUrl: app.baseUrl }), SEEDED_ADMIN, app.baseUrl);
  await page.goto('/admin?section=library');
  await page.getByRole('heading', { level: 2, name: 'Library' }).waitFor();
  return page;
}

const modules = (page: Page) => page.getByRole('region', { name: 'Modules' });
const count = (page: Page) => modules(page).getByRole('status');
const row = (page: Page, description: string) =>
  modules(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: description, exact: true }) });
const rowTitles = (page: Page) => modules(page).getByRole('listitem').getByRole('heading', { level: 4 }).allTextContents();
const jobs = (page: Page) => page.getByRole('region', { name: 'Installs and removals' });
const optionTexts = (select: Locator) => select.locator('option').allTextContents();
/** What waits on the server's work (a catalogue read, a download, a job's next poll) gets a busy machine's time. */
const SERVER = { timeout: 30_000 };

// Debian's sword-text-sparv, sword-comm-mhcc and sword-dict-naves make the stand-in's modules (CI installs them).
const haveModules = ['spaRV1909eb.conf', 'mhcc.conf', 'nave.conf'].every((f) => existsSync(join(SYSTEM_SWORD, 'mods.d', f)));

describe.skipIf(!haveModules)('the admin Library panel (needs Debian sword-text-sparv, sword-comm-mhcc, sword-dict-naves)', () => {
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'selah-e2e-library-'));
    await writeStandInCatalogue(root, standInConfs());
    await writeStandInPackage(root, 'spaRV1909eb.zip', await modulePackage('spaRV1909eb'));
    await writeStandInPackage(root, 'mhcc.zip', await modulePackage('mhcc'));
    await writeStandInPackage(root, 'Slow.zip', await modulePackage('spaRV1909eb'));
    await writeStandInPackage(root, 'Nave.zip', await modulePackage('Nave'));
    catalogues = await serveRepository(root);
    zips = await serveHeldZips(root);
    const env = ownServerEnv(root, {
      // A repository that works, and one whose address answers 404 (its error shows in the panel).
      SWORD_REPOSITORIES: `Stand-in=${catalogues.url}/${CATALOGUE_DIR}|${zips.url},Gone=${catalogues.url}/nothing/here`,
    });
    seedDatabase(env);
    app = await startAppProcess(env);
  }, 240_000);

  afterAll(async () => {
    await app?.stop();
    await zips?.close();
    await catalogues?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('starts empty, reads the catalogues on request, lists and filters the modules, and names the repository that failed', async () => {
    const page = await openLibrary();
    await page.getByRole('heading', { name: 'No catalogue read yet' }).waitFor();
    expect(await modules(page).count()).toBe(0);
    const repositories = page.getByRole('region', { name: 'Repositories' });
    expect(await repositories.getByText('Catalogue not read yet').count()).toBe(2);

    // Every repository unreachable at first (the stand-in's catalogue is away): the empty library says so where the admin looks.
    const archive = join(root, CATALOGUE_DIR, 'mods.d.tar.gz');
    renameSync(archive, `${archive}.away`);
    await page.getByRole('button', { name: 'Refresh catalogues' }).click();
    const empty = page.getByRole('region', { name: 'No catalogue read yet' });
    await expect
      .poll(() => empty.getByRole('alert').textContent(), SERVER)
      .toBe('No catalogue could be read. Each repository’s error is shown under Repositories below.');
    expect(await repositories.getByText(/^Last refresh failed:/).count()).toBe(2);
    renameSync(`${archive}.away`, archive);

    await page.getByRole('button', { name: 'Refresh catalogues' }).click();
    await expect.poll(() => count(page).textContent(), SERVER).toBe('6 modules');
    expect((await rowTitles(page)).sort()).toEqual([
      'A Closed Spanish Bible',
      'A Locked Spanish Bible',
      'A Slow Spanish Bible',
      "Matthew Henry's Concise Commentary on the Whole Bible",
      "Nave's Topical Bible",
      'Reina Valera 1909',
    ]);
    const standIn = repositories.getByRole('listitem').filter({ hasText: 'Stand-in' });
    expect(await standIn.textContent()).toContain('Catalogue read this minute · 6 modules');
    const gone = repositories.getByRole('listitem').filter({ hasText: 'Gone' });
    expect(await gone.textContent()).toContain('Last refresh failed: Gone: the repository has no mods.d.tar.gz (HTTP 404)');
    expect(await gone.textContent()).toContain('Catalogue not read yet');
    // The refresh is offered by the repositories now that the list is there.
    expect(await page.getByRole('button', { name: 'Refresh catalogues' }).count()).toBe(1);

    // A row's facts, in one line; and a refused and a locked module say why, with no Install button.
    expect(await row(page, 'Reina Valera 1909').locator('p').first().textContent()).toBe('spaRV1909eb · Spanish · Bibles · version 2.60 · 2.8 MB · Stand-in');
    const closed = row(page, 'A Closed Spanish Bible');
    expect(await closed.textContent()).toMatch(/Licence: Copyrighted.*copyrighted/);
    expect(await closed.getByRole('button', { name: /^Install/ }).count()).toBe(0);
    const locked = row(page, 'A Locked Spanish Bible');
    expect(await locked.textContent()).toContain('Locked: this module is enciphered and needs a key, so Selah does not install it.');
    expect(await locked.getByRole('button', { name: /^Install/ }).count()).toBe(0);
    expect(await row(page, 'Reina Valera 1909').getByRole('button', { name: 'Install spaRV1909eb' }).count()).toBe(1);

    // Filters: the server narrows the list; the language counts are the repository's, whatever else is chosen.
    const filters = page.getByRole('search', { name: 'Library modules' });
    await filters.getByLabel('Type').selectOption({ label: 'Commentaries' });
    await expect.poll(() => count(page).textContent(), SERVER).toBe('1 module');
    expect(await rowTitles(page)).toEqual(["Matthew Henry's Concise Commentary on the Whole Bible"]);
    expect(await optionTexts(filters.getByLabel('Language'))).toEqual(['Any', 'English (2 modules)', 'Spanish (4 modules)']);
    await filters.getByLabel('Type').selectOption({ label: 'Any' });
    await filters.getByLabel('Language').selectOption({ label: 'English (2 modules)' });
    await expect.poll(() => count(page).textContent(), SERVER).toBe('2 modules');
    expect((await rowTitles(page)).sort()).toEqual(["Matthew Henry's Concise Commentary on the Whole Bible", "Nave's Topical Bible"]);
    await filters.getByLabel('Type').selectOption({ label: 'Topical indexes' });
    await expect.poll(() => count(page).textContent(), SERVER).toBe('1 module');
    expect(await rowTitles(page)).toEqual(["Nave's Topical Bible"]);
    await filters.getByLabel('Licence').selectOption({ label: 'Cannot be installed' });
    await expect.poll(() => count(page).textContent(), SERVER).toBe('0 modules');
    expect(await modules(page).getByText('No module matches these filters.').count()).toBe(1);
    // A repository without the chosen language still says which language the list is narrowed to.
    await filters.getByLabel('Licence').selectOption({ label: 'Any' });
    await filters.getByLabel('Type').selectOption({ label: 'Any' });
    await filters.getByLabel('Repository').selectOption({ label: 'Gone' });
    await expect.poll(() => count(page).textContent(), SERVER).toBe('0 modules');
    expect(await optionTexts(filters.getByLabel('Language'))).toEqual(['Any', 'English (0 modules)']);
    expect(await filters.getByLabel('Language').evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('English (0 modules)');
    await filters.getByLabel('Repository').selectOption({ label: 'Any' });
    await expect.poll(() => count(page).textContent(), SERVER).toBe('2 modules');
    expect(await seriousViolations(page), 'axe on the Library panel').toEqual([]);
  });

  it('shows a refresh under way, started by another admin, as a status instead of offering a second', async () => {
    const gate = catalogues.hold(`/${CATALOGUE_DIR}/mods.d.tar.gz`);
    try {
      // Another admin's refresh waits at the repository.
      const other = await openLibrary();
      await other.getByRole('region', { name: 'Repositories' }).getByRole('button', { name: 'Refresh catalogues' }).click();
      await expect.poll(() => gate.arrived(), SERVER).toBe(1);

      const page = await openLibrary();
      const repositories = page.getByRole('region', { name: 'Repositories' });
      const status = repositories.getByRole('status');
      await expect.poll(() => status.textContent(), SERVER).toBe('Reading the catalogue of Stand-in…');
      expect(await status.getAttribute('aria-live')).toBe('polite');
      const button = repositories.getByRole('button', { name: 'Refreshing catalogues…' });
      expect(await button.isDisabled()).toBe(true);
      gate.release();
      // The panel reads the list again until the refresh is over, wherever it ran.
      await expect.poll(() => status.textContent(), SERVER).toBe('');
      expect(await repositories.getByRole('button', { name: 'Refresh catalogues' }).isEnabled()).toBe(true);
      expect(gate.arrived()).toBe(1);
    } finally {
      gate.release();
    }
  });

  it('shows a module’s About in a dialog that keeps focus, closes on Escape and gives focus back', async () => {
    const page = await openLibrary();
    const about = row(page, "Matthew Henry's Concise Commentary on the Whole Bible").getByRole('button', { name: 'About MHCC' });
    await about.click();
    const dialog = page.getByRole('dialog', { name: "Matthew Henry's Concise Commentary on the Whole Bible" });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent(), SERVER).toMatch(/Matthew Henry.*Commentary/s);
    await expect.poll(() => dialog.getByRole('region', { name: 'About' }).textContent(), SERVER).not.toContain('Loading…');
    expect(await dialog.textContent()).toContain('MHCC · English · Commentaries · from Stand-in');
    expect(await dialog.textContent()).toContain('Public Domain');
    expect(await dialog.getByRole('button', { name: 'Install MHCC' }).count()).toBe(1);
    // Focus stays inside however far Tab goes.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => about.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('installs a Bible with its progress shown, and readers can open it', async () => {
    const page = await openLibrary();
    const rv = row(page, 'Reina Valera 1909');
    await rv.getByRole('button', { name: 'Install spaRV1909eb' }).click();
    const half = zips.half('spaRV1909eb.zip');
    const bar = jobs(page).getByRole('progressbar', { name: 'Installing spaRV1909eb' });
    await expect.poll(() => bar.getAttribute('aria-valuenow'), SERVER).toBe(String(half.percent));
    expect(await jobs(page).textContent()).toContain(`Installing spaRV1909eb: ${half.percent}% · Stand-in`);
    expect(await bar.getAttribute('aria-valuetext')).toMatch(new RegExp(`^${half.percent}%, [\\d.]+ MB of [\\d.]+ MB$`));
    // The row says what its job is doing instead of offering Install again.
    expect(await rv.textContent()).toContain(`Installing spaRV1909eb: ${half.percent}%`);
    expect(await rv.getByRole('button', { name: 'Install spaRV1909eb' }).count()).toBe(0);

    zips.release('spaRV1909eb.zip');
    const done = jobs(page).getByRole('listitem').filter({ hasText: 'Installed spaRV1909eb' });
    await expect.poll(() => done.textContent(), { timeout: 90_000 }).toMatch(/Installed spaRV1909eb 2\.60: .*\(RV1909\)/);
    expect(await jobs(page).getByRole('progressbar').count()).toBe(0);
    await rv.getByRole('button', { name: 'Remove spaRV1909eb' }).waitFor();
    expect(await rv.textContent()).toContain('Installed (version 2.60)');

    // The reader has the translation now, with its text.
    const expected = importSwordBible(findSwordModule('spaRV1909eb', [SYSTEM_SWORD])!);
    const john316 = expected.books.find((b) => b.osis === 'John')!.verses.find((v) => v.chapter === 3 && v.verse === 16)!;
    const words = /"text":"([^"\\]{12,})"/.exec(JSON.stringify(john316.content))![1]!.slice(0, 30);
    await page.goto('/bible?book=John&chapter=3&translation=RV1909');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), SERVER).toMatch(/3, RV1909$/);
    expect(await page.locator('#v16').textContent()).toContain(words);
  }, 180_000);

  it('cancels a download that stalls, installs nothing, and says why a second install of the same module is refused', async () => {
    const page = await openLibrary();
    // Another admin's tab, opened before the install was asked for: it still offers Install.
    const other = await openLibrary();
    await row(page, 'A Slow Spanish Bible').getByRole('button', { name: 'Install Slow' }).click();
    const half = zips.half('Slow.zip');
    const bar = jobs(page).getByRole('progressbar', { name: 'Installing Slow' });
    await expect.poll(() => bar.getAttribute('aria-valuenow'), SERVER).toBe(String(half.percent));

    await row(other, 'A Slow Spanish Bible').getByRole('button', { name: 'Install Slow' }).click();
    const toast = other.getByTestId('toast').filter({ hasText: 'Could not install Slow' });
    await expect.poll(() => toast.textContent(), SERVER).toContain('Slow already has a job waiting or running; wait for it or cancel it.');
    // That tab then reads the queue again and shows the job under way, with its Cancel.
    await expect.poll(() => jobs(other).getByRole('progressbar', { name: 'Installing Slow' }).getAttribute('aria-valuenow'), SERVER).toBe(String(half.percent));
    expect(await row(other, 'A Slow Spanish Bible').getByRole('button', { name: 'Install Slow' }).count()).toBe(0);

    await jobs(page)
      .getByRole('button', { name: /^Cancel: Installing Slow/ })
      .click();
    const cancelled = jobs(page).getByRole('listitem').filter({ hasText: 'Install Slow cancelled' });
    await expect.poll(() => cancelled.textContent(), { timeout: 90_000 }).toContain('Cancelled: nothing of Slow was installed.');
    expect(await jobs(page).getByRole('progressbar').count()).toBe(0);
    const slow = row(page, 'A Slow Spanish Bible');
    await slow.getByRole('button', { name: 'Install Slow' }).waitFor();
    expect(await slow.textContent()).not.toContain('Installed (version');
    const translations = await (await fetch(`${app.baseUrl}/api/bible/translations/all`)).text();
    expect(translations).not.toContain('"SLOW"');
  }, 180_000);

  it('installs from the About dialog, and removes a Bible once the admin confirms', async () => {
    const page = await openLibrary();
    await row(page, "Matthew Henry's Concise Commentary on the Whole Bible").getByRole('button', { name: 'About MHCC' }).click();
    const dialog = page.getByRole('dialog', { name: "Matthew Henry's Concise Commentary on the Whole Bible" });
    await dialog.getByRole('button', { name: 'Install MHCC' }).click();
    const half = zips.half('mhcc.zip');
    await expect.poll(() => dialog.textContent(), SERVER).toContain(`Installing MHCC: ${half.percent}%`);
    zips.release('mhcc.zip');
    await dialog.getByRole('button', { name: 'Remove MHCC' }).waitFor({ timeout: 90_000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await jobs(page).getByRole('listitem').filter({ hasText: 'Installed MHCC' }).textContent()).toContain('Installed MHCC 2.0');

    const rv = row(page, 'Reina Valera 1909');
    let queued = 0;
    page.on('request', (request) => void (request.method() === 'POST' && request.url().endsWith('/api/admin/library/jobs') && queued++));
    // A dismissed confirmation removes nothing.
    page.once('dialog', (confirm) => void confirm.dismiss());
    await rv.getByRole('button', { name: 'Remove spaRV1909eb' }).click();
    expect(queued).toBe(0);
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (confirm) => {
        resolve(confirm.message());
        void confirm.accept();
      }),
    );
    await rv.getByRole('button', { name: 'Remove spaRV1909eb' }).click();
    expect(await asked).toBe('Remove spaRV1909eb (Reina Valera 1909) from this site? Readers will no longer see it.');
    expect(queued).toBe(1);
    const removed = jobs(page).getByRole('listitem').filter({ hasText: 'Removed spaRV1909eb' });
    await removed.waitFor({ timeout: 90_000 });
    await rv.getByRole('button', { name: 'Install spaRV1909eb' }).waitFor();
    expect(await rv.textContent()).not.toContain('Installed (version');
    const translations = await (await fetch(`${app.baseUrl}/api/bible/translations/all`)).text();
    expect(translations).not.toContain('"RV1909"');
  }, 180_000);

  it('offers an update when the repository has a newer version, and installs it in place', async () => {
    const newer = (text: string) => text.replace(/^Version=.*$/m, 'Version=2.1');
    await writeStandInCatalogue(
      root,
      standInConfs().map((c) => (c.file === 'mhcc.conf' ? { ...c, bytes: Buffer.from(newer(c.bytes.toString('utf8'))) } : c)),
    );
    await writeStandInPackage(root, 'mhcc.zip', await modulePackage('mhcc', newer));
    const page = await openLibrary();
    await page.getByRole('region', { name: 'Repositories' }).getByRole('button', { name: 'Refresh catalogues' }).click();
    const mhcc = row(page, "Matthew Henry's Concise Commentary on the Whole Bible");
    await expect.poll(() => mhcc.textContent(), SERVER).toContain('Installed (version 2.0); version 2.1 is available');
    await mhcc.getByRole('button', { name: 'Update MHCC' }).click();
    await jobs(page).getByRole('listitem').filter({ hasText: 'Updated MHCC' }).waitFor({ timeout: 90_000 });
    await expect.poll(() => mhcc.textContent(), SERVER).toContain('Installed (version 2.1)');
    expect(await mhcc.textContent()).not.toContain('is available');
    expect(await mhcc.getByRole('button', { name: 'Update MHCC' }).count()).toBe(0);
    expect(await mhcc.getByRole('button', { name: 'Remove MHCC' }).count()).toBe(1);
  }, 180_000);

  it('suggests a starter set for the admin’s language and installs it with one click', async () => {
    const page = await openLibrary();
    // An English admin: the stand-in's English Bibles are KJV and WEB, which the site already has, and
    // MHCC is installed by now, so Nave's is what is left to suggest.
    const starter = page.getByRole('region', { name: 'Start your library' });
    await starter.waitFor();
    expect(await starter.getByRole('listitem').allTextContents()).toEqual(["A topical index: Nave's Topical Bible (Nave, Stand-in)"]);
    await starter.getByRole('button', { name: /^Install all 1 \(1\.5 MB\)$/ }).click();
    zips.release('Nave.zip');
    await jobs(page).getByRole('listitem').filter({ hasText: 'Installed Nave 3.0.' }).waitFor({ timeout: 90_000 });
    await starter.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await row(page, "Nave's Topical Bible").getByRole('button', { name: 'Remove Nave' }).count()).toBe(1);
  }, 180_000);

  it('stacks on a phone with 44 px targets, in the dark theme too', async () => {
    const page = await openLibrary({ width: 390, height: 844, colorScheme: 'dark' });
    await expect.poll(() => count(page).textContent(), SERVER).toBe('6 modules');
    expect(await smallTargets(page, 'main')).toEqual([]);
    expect(await seriousViolations(page), 'axe on the Library panel, phone, dark').toEqual([]);
  });
});
