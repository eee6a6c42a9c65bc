import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { useBrowser } from './fixtures.ts';
import { smallTargets } from './touch-targets.ts';
import { signUpAndConfirm } from './account-steps.ts';
import { WEB_DIST } from '../server/test/web-build.ts';

// Issue 18: the installable app keeps what was read, and opens it again with the browser offline.
const { page: newPage } = useBrowser();

/** Waits until the service worker controls the page and has kept an address in one of its caches. */
async function kept(page: Page, cache: 'selah-bible' | 'selah-pages', matches: (url: URL) => boolean) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  // Pages are kept per build (selah-pages-<build>).
  const keys = () =>
    page.evaluate(async (prefix) => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        if (name === prefix || name.startsWith(`${prefix}-`)) urls.push(...(await (await caches.open(name)).keys()).map((r) => r.url));
      return urls;
    }, cache);
  await expect.poll(async () => (await keys()).some((url) => matches(new URL(url))), { timeout: 20_000 }).toBe(true);
}

const verseText = (page: Page, verse: number) => page.locator(`#v${verse}`).innerText();

/** Searches whose answer offline must be the server's: stop words, word forms, phrases, prefixes, ranking. */
const SAME_OFFLINE = ['God cares when I am afraid', 'loveth', 'shepherd want', '"in the beginning"', 'bless*', 'feareth not'];

interface SeenHit {
  text: string;
  marked: string[];
}

/** The server's first page of word matches for a search: each verse's text and the words it marks. */
async function serverHits(page: Page, q: string): Promise<{ total: number; match: string; hits: SeenHit[] }> {
  const reply = await page.request.get(`/api/search?${new URLSearchParams({ q, translation: 'KJV', limit: '20' })}`);
  expect(reply.status(), q).toBe(200);
  const body = (await reply.json()) as { total: number; match: string; results: { text: string; matches: { start: number; end: number }[] }[] };
  return {
    total: body.total,
    match: body.match,
    hits: body.results.map((r) => ({ text: r.text, marked: r.matches.map((m) => r.text.slice(m.start, m.end)) })),
  };
}

/** What the search page shows offline: the count, and each verse's text and marked words, in order. */
async function offlineHits(page: Page, q: string): Promise<{ total: number; match: string; hits: SeenHit[] }> {
  // The address carries q as the app's router writes it: a value that reads as JSON (a quoted phrase) in JSON.
  const written = (() => {
    try {
      JSON.parse(q);
      return JSON.stringify(q);
    } catch {
      return q;
    }
  })();
  await page.goto(`/search?${new URLSearchParams({ q: written, translation: 'KJV' })}`);
  await page.getByText('You’re offline: these are the verses of KJV on this device').waitFor({ timeout: 15_000 });
  const heading = await page.locator('#results-heading').innerText({ timeout: 15_000 });
  const total = Number(/^([\d,]+) verses?/.exec(heading)?.[1]?.replace(/,/g, '') ?? 0);
  const hits = await page.getByTestId('search-hit').evaluateAll((links) =>
    links.map((link) => ({
      text: (link.lastElementChild as HTMLElement).innerText,
      marked: [...link.querySelectorAll('mark')].map((m) => m.textContent ?? ''),
    })),
  );
  return { total, match: heading.includes('with some of these words') ? 'any' : 'all', hits };
}

/** What the server says downloading a translation moves and keeps. */
async function sizeOf(page: Page, code: string): Promise<{ downloadBytes: number; storedBytes: number }> {
  // Measured on first ask by compressing every chapter: slow on a machine running other tests.
  const reply = await page.request.get(`/api/bible/download-size/${code}`, { timeout: 120_000 });
  expect(reply.status()).toBe(200);
  return reply.json();
}

/** A size as Settings writes it. */
function megabytes(bytes: number): string {
  const MB = 1024 * 1024;
  return bytes < MB / 10
    ? new Intl.NumberFormat('en', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)))
    : new Intl.NumberFormat('en', { style: 'unit', unit: 'megabyte', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / MB);
}

describe('Reading offline', () => {
  it('is installable: a manifest with the icons a phone asks for', async () => {
    const page = await newPage({ serviceWorkers: 'allow' });
    await page.goto('/');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/bible', display: 'standalone' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const res = await page.request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
    }
    // The worker's script is always asked for again, so an update is found on the next visit.
    const sw = await page.request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).not.toMatch(/immutable|max-age=[1-9]/);
    // Its CSP is the worker's own: it may fetch from this site (to keep what is read), nothing else.
    expect(sw.headers()['content-security-policy']).toBe("default-src 'none'; connect-src 'self'");
  });

  it('opens chapters read before, with the network gone, and says plainly what it cannot open', async () => {
    const page = await newPage({ serviceWorkers: 'allow', width: 390, height: 844 });
    // The first page is opened before the worker exists: it is handed over and kept all the same.
    await page.goto('/bible?book=John&chapter=3&translation=KJV');
    const john316 = await verseText(page, 16);
    const john31 = await verseText(page, 1);
    await kept(page, 'selah-pages', (url) => url.pathname === '/bible' && url.searchParams.get('chapter') === '3');
    // The next one is opened inside the app (no new page from the server), through the worker.
    await page.getByRole('navigation', { name: 'Chapter navigation' }).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/chapter=4/);
    await expect.poll(() => verseText(page, 1)).not.toBe(john31);
    const john41 = await verseText(page, 1);
    await kept(page, 'selah-bible', (url) => url.pathname === '/api/bible/content/John/4');

    await page.context().setOffline(true);
    // A reload without a network: the app starts from what it kept and opens the chapter.
    await page.reload();
    await page.waitForURL(/book=John&chapter=4/);
    await expect.poll(() => verseText(page, 1), { timeout: 15_000 }).toBe(john41);
    await page.getByText('You’re offline.').waitFor();
    // Another chapter read before, by its address.
    await page.goto('/bible?book=John&chapter=3&translation=KJV');
    await page.waitForURL(/book=John&chapter=3/);
    await expect.poll(() => verseText(page, 16), { timeout: 15_000 }).toBe(john316);
    // A chapter never read: a plain message, no endless spinner.
    await page.goto('/bible?book=Obadiah&chapter=1&translation=KJV');
    await page.getByText('it is not kept on this device: you may be offline').waitFor({ timeout: 15_000 });

    // Back online, the reader reads from the server again.
    await page.context().setOffline(false);
    await page.goto('/bible?book=Obadiah&chapter=1&translation=KJV');
    await expect.poll(() => verseText(page, 1)).toContain('Obadiah');
  });

  it('tells the person when a new version is ready, and brings it in on Reload', async () => {
    const page = await newPage({ serviceWorkers: 'allow' });
    await page.goto('/bible?book=Ruth&chapter=1&translation=KJV');
    // The worker in charge has kept this first page: until it has, a new version waits for it to finish.
    await kept(page, 'selah-pages', (url) => url.searchParams.get('book') === 'Ruth');
    // A new release: the worker's script changes (with the compressed copies the server sends).
    const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => join(WEB_DIST, name));
    const before = files.map((file) => readFileSync(file));
    const next = Buffer.concat([before[0]!, Buffer.from(`\n// release ${Date.now()}\n`)]);
    try {
      writeFileSync(files[0]!, next);
      writeFileSync(files[1]!, brotliCompressSync(next));
      writeFileSync(files[2]!, gzipSync(next));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByRole('status').filter({ hasText: 'A new version of Selah is ready.' });
      await prompt.waitFor({ timeout: 20_000 });
      await page.evaluate(() => ((window as unknown as { before?: boolean }).before = true));
      // On a busy machine the old worker may still be copying what the page read: the reload waits for it.
      const reloaded = page.waitForEvent('load', { timeout: 60_000 });
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBeUndefined();
      // The new worker is the one in charge, and nothing waits any more.
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      expect(await prompt.count()).toBe(0);
    } finally {
      files.forEach((file, i) => writeFileSync(file, before[i]!));
    }
  });

  it('downloads a whole translation, reads and searches it offline, and deletes it', async () => {
    const page = await newPage({ serviceWorkers: 'allow', width: 390, height: 844 });
    await page.goto('/settings');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    const row = page.getByTestId('download-KJV');
    // Each translation says its own size, as the server measured what its download moves and keeps.
    const kjv = await sizeOf(page, 'KJV');
    await row.getByText(`About ${megabytes(kjv.downloadBytes)} to download, ${megabytes(kjv.storedBytes)} on this device`).waitFor();
    const sample = await sizeOf(page, 'PSJN');
    expect(sample.storedBytes).toBeLessThan(kjv.storedBytes / 100);
    await page
      .getByTestId('download-PSJN')
      .getByText(`About ${megabytes(sample.downloadBytes)} to download, ${megabytes(sample.storedBytes)} on this device`)
      .waitFor({ timeout: 60_000 });
    await row.getByRole('button', { name: /^Download .*KJV.* for offline reading$/ }).click();
    // A progress bar while it runs, then what is on the device: what was said before.
    await row.getByRole('progressbar').waitFor();
    await row.getByText(`On this device: 1,189 chapters, ${megabytes(kjv.storedBytes)}`).waitFor({ timeout: 120_000 });
    expect(await smallTargets(page)).toEqual([]);
    const online = new Map<string, Awaited<ReturnType<typeof serverHits>>>();
    for (const q of SAME_OFFLINE) online.set(q, await serverHits(page, q));

    await page.context().setOffline(true);
    // A chapter never opened: it comes from the download.
    await page.goto('/bible?book=Obadiah&chapter=1&translation=KJV');
    await page.waitForURL(/book=Obadiah/);
    await expect.poll(() => verseText(page, 1), { timeout: 15_000 }).toContain('Obadiah');
    // Search, on the device.
    await page.goto('/search?q=shepherd%20want&translation=KJV');
    await page.getByText('You’re offline: these are the verses of KJV on this device').waitFor({ timeout: 15_000 });
    await page
      .getByRole('link', { name: /Psalms? 23:1/ })
      .first()
      .waitFor();
    // The device reads a search as the server does: the same verses, in the same order, the same words marked
    // ("I", "am" and "when" are not).
    for (const q of SAME_OFFLINE) expect(await offlineHits(page, q), q).toEqual(online.get(q));
    const afraid = online.get('God cares when I am afraid')!;
    expect(afraid.hits.flatMap((h) => h.marked.map((m) => m.toLowerCase())).filter((m) => ['i', 'am', 'when'].includes(m))).toEqual([]);
    // The language the device searched by is the one the download recorded.
    const record = await page.evaluate(async () => (await (await caches.open('selah-download-KJV')).match('/__selah/download.json'))!.json());
    expect(record).toMatchObject({ code: 'KJV', language: 'en', chapters: 1189 });
    // One record per book (and the book list and the record), not a reply per chapter.
    const keptPaths = await page.evaluate(async () => (await (await caches.open('selah-download-KJV')).keys()).map((r) => new URL(r.url).pathname));
    expect(keptPaths.filter((path) => path.startsWith('/api/bible/offline/KJV/'))).toHaveLength(66);
    expect(keptPaths).toHaveLength(68);
    // A misspelt word: the device's own words offer the right one.
    await page.goto('/search?q=sheperd&translation=KJV');
    await page.getByTestId('search-suggestion').getByRole('link', { name: 'shepherd' }).click({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('search-hit').count(), { timeout: 15_000 }).toBe(20);
    expect(new URL(page.url()).searchParams.get('q')).toBe('shepherd');
    // A translation not downloaded cannot be searched offline, and says why.
    await page.goto('/search?q=shepherd&translation=WEB');
    await page.getByText('this translation is not downloaded to this device').waitFor({ timeout: 15_000 });

    await page.context().setOffline(false);
    await page.goto('/settings');
    await row.getByRole('button', { name: /^Delete .*KJV.* from this device$/ }).click();
    await row.getByText(`About ${megabytes(kjv.downloadBytes)} to download`, { exact: false }).waitFor();
    expect(await page.evaluate(() => caches.has('selah-download-KJV'))).toBe(false);
  }, 240_000); // each translation's size is measured, then the KJV downloaded, on a machine running other tests

  it('says plainly when the device has no room for a download', async () => {
    const page = await newPage({ serviceWorkers: 'allow' });
    // The device's storage, as the browser reports it: almost full.
    await page.addInitScript(() => {
      Object.defineProperty(navigator.storage, 'estimate', { value: async () => ({ quota: 1_000_000, usage: 900_000 }) });
    });
    await page.goto('/settings');
    const row = page.getByTestId('download-KJV');
    await row.getByRole('button', { name: /^Download/ }).click();
    await row.getByRole('alert').filter({ hasText: 'There is not enough space on this device to keep' }).waitFor();
    expect(await page.evaluate(() => caches.has('selah-download-KJV'))).toBe(false);
  });

  it('lets a guest highlight and write notes offline, kept in the browser, and shows them in My Notes', async () => {
    const page = await newPage({ serviceWorkers: 'allow' });
    await page.goto('/bible?book=Psalms&chapter=23&translation=KJV');
    await kept(page, 'selah-pages', (url) => url.pathname === '/bible' && url.searchParams.get('book') === 'Psalms');
    await page.context().setOffline(true);
    await page.locator('#v1').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Highlight yellow' }).click();
    await expect.poll(() => page.locator('#v1').getAttribute('class')).toContain('bg-yellow');
    await page.getByRole('button', { name: 'Study Chapter' }).click();
    const study = page.getByRole('dialog', { name: 'Scripture Insights' });
    await study.getByLabel('Your note').fill('Written with no network at all.');
    await study.getByRole('button', { name: 'Save Note' }).click();
    await expect.poll(() => study.getByTestId('saved-note').count()).toBe(1);
    const stored = await page.evaluate(() => ({
      notes: JSON.parse(localStorage.getItem('guestNotes') ?? '[]') as { content: string; userId: string }[],
      marks: JSON.parse(localStorage.getItem('guestHighlights') ?? '[]') as { verse: string; userId: string }[],
    }));
    expect(stored.notes.map((n) => [n.content, n.userId])).toEqual([['Written with no network at all.', 'guest']]);
    expect(stored.marks.map((h) => [h.verse, h.userId])).toEqual([['PSALMS.23.1', 'guest']]);
    await page.keyboard.press('Escape');
    await page.goto('/notes');
    await page.getByText('Written with no network at all.').waitFor({ timeout: 15_000 });
  });

  it('shows a signed-in reader’s notes and highlights offline, and forgets them on signing out', async () => {
    const page = await newPage({ serviceWorkers: 'allow' });
    await signUpAndConfirm(page, `offline.${process.pid}@example.org`, 'a lamp unto my feet');
    const welcome = page.getByRole('dialog', { name: 'Welcome to Selah' });
    await welcome.getByRole('button', { name: 'Continue' }).click();
    await page.goto('/bible?book=Ruth&chapter=1&translation=KJV');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await page.locator('#v16').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Highlight blue' }).click();
    await expect.poll(() => page.locator('#v16').getAttribute('class')).toContain('bg-sky');
    await page.getByRole('button', { name: 'Study Chapter' }).click();
    const study = page.getByRole('dialog', { name: 'Scripture Insights' });
    await study.getByLabel('Your note').fill('Whither thou goest, I will go.');
    await study.getByRole('button', { name: 'Save Note' }).click();
    await expect.poll(() => study.getByTestId('saved-note').count()).toBe(1);
    // Opened once online, My Notes and My Highlights are kept for reading offline.
    await page.goto('/notes');
    await page.getByText('Whither thou goest, I will go.').waitFor();
    await page.goto('/highlights');
    await page.getByText('Ruth 1:16').first().waitFor();

    await page.context().setOffline(true);
    await page.goto('/notes');
    await page.getByText('Whither thou goest, I will go.').waitFor({ timeout: 15_000 });
    await page.goto('/highlights');
    await page.getByText('Ruth 1:16').first().waitFor({ timeout: 15_000 });
    await page.goto('/bible?book=Ruth&chapter=1&translation=KJV');
    await expect.poll(() => page.locator('#v16').getAttribute('class'), { timeout: 15_000 }).toContain('bg-sky');

    await page.context().setOffline(false);
    await page.goto('/api/logout');
    const personal = () =>
      page.evaluate(async () => ((await caches.has('selah-personal')) ? (await (await caches.open('selah-personal')).keys()).map((r) => r.url) : []));
    expect((await personal()).filter((url) => /\/api\/(notes|highlights)/.test(url))).toEqual([]);
  });

  it('sends a signed-in reader’s offline notes and highlights once, in order, when the network returns, and keeps both versions of a note changed elsewhere', async () => {
    const page = await newPage({ serviceWorkers: 'allow' });
    await signUpAndConfirm(page, `queue.${process.pid}@example.org`, 'a lamp unto my feet');
    await page.getByRole('dialog', { name: 'Welcome to Selah' }).getByRole('button', { name: 'Continue' }).click();
    await page.goto('/bible?book=Ruth&chapter=2&translation=KJV');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    const serverNotes = async () =>
      (await (await page.request.get('/api/notes?reference=Ruth%202')).json()) as { id: string; content: string; title: string; updatedAt: string }[];
    const serverMarks = async () => (await (await page.request.get('/api/highlights?book=Ruth')).json()) as { verse: string; color: string }[];
    // Written online first, and My Notes opened, so both are on this device.
    const study = page.getByRole('dialog', { name: 'Scripture Insights' });
    await page.getByRole('button', { name: 'Study Chapter' }).click();
    await study.getByLabel('Your note').fill('First thoughts on the gleaning.');
    await study.getByRole('button', { name: 'Save Note' }).click();
    await expect.poll(async () => (await serverNotes()).length).toBe(1);
    await page.goto('/notes');
    await page.getByTestId('note-card').first().waitFor();

    await page.context().setOffline(true);
    // Edited offline here…
    const card = page.getByTestId('note-card').first();
    await card.getByRole('button', { name: /^Edit/ }).click();
    await card.getByRole('textbox', { name: 'Note text' }).fill('Edited on the train, without a network.');
    await card.getByRole('button', { name: 'Save note' }).click();
    // …while another device changed the same note (the request goes straight to the server).
    const [original] = await serverNotes();
    expect((await page.request.patch(`/api/notes/${original!.id}`, { data: { content: 'Changed on the laptop.' } })).status()).toBe(200);
    // A new note and a highlight, offline, in the reader.
    await page.goto('/bible?book=Ruth&chapter=2&translation=KJV');
    await page.locator('#v12').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Highlight green' }).click();
    await expect.poll(() => page.locator('#v12').getAttribute('class')).toContain('bg-green');
    await page.getByRole('button', { name: 'Study Chapter' }).click();
    await study.getByLabel('Your note').fill('A full reward be given thee.');
    await study.getByRole('button', { name: 'Save Note' }).click();
    await expect.poll(() => study.getByTestId('saved-note').count()).toBe(2);
    await page.getByText('3 changes to your notes and highlights will be sent').waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pendingStudyChanges') ?? '[]').length)).toBe(3);
    // Closing the tab loses nothing: a new page of the same browser sends them.
    const context = page.context();
    await page.close();
    await context.setOffline(false);
    const next = await context.newPage();
    await next.goto('/notes');
    // The toast is watched for from the start: it says so once, for a few seconds.
    const said = next.getByText('was changed on another device while you were offline').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => next.evaluate(() => localStorage.getItem('pendingStudyChanges')), { timeout: 20_000 }).toBeNull();
    await said;
    const notes = await serverNotes();
    expect(notes.map((n) => n.content).sort()).toEqual(['A full reward be given thee.', 'Changed on the laptop.', 'Edited on the train, without a network.']);
    expect(notes.find((n) => n.content === 'Edited on the train, without a network.')!.title).toMatch(/\(edited offline\)$/);
    expect((await serverMarks()).map((h) => [h.verse, h.color])).toEqual([['RUTH.2.12', 'green']]);
    // Sent once: the page sending again changes nothing.
    await next.reload();
    await next.waitForTimeout(500);
    expect((await serverNotes()).length).toBe(3);
  });
  it('keeps a note and a highlight made while the site does not answer (an app process restarting), and sends them once it does', async () => {
    const page = await newPage();
    await signUpAndConfirm(page, `restart.${process.pid}@example.org`, 'a lamp unto my feet');
    await page.getByRole('dialog', { name: 'Welcome to Selah' }).getByRole('button', { name: 'Continue' }).click();
    await page.goto('/bible?book=Ruth&chapter=3&translation=KJV');
    // What the proxy answers while no app process does (nginx's 502), and an app whose database is away (503).
    const refused = { notes: 0, highlights: 0 };
    await page.route('**/api/notes', (route) =>
      route.request().method() === 'POST' && refused.notes++ < 2
        ? route.fulfill({ status: 502, contentType: 'text/html', body: '<html><head><title>502 Bad Gateway</title></head></html>' })
        : route.fallback(),
    );
    await page.route('**/api/highlights', (route) =>
      route.request().method() === 'POST' && refused.highlights++ < 1
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'The database is not answering. Try again in a moment.' }),
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Study Chapter' }).click();
    const study = page.getByRole('dialog', { name: 'Scripture Insights' });
    await study.getByLabel('Your note').fill('A virtuous woman, and all the city knows it.');
    await study.getByRole('button', { name: 'Save Note' }).click();
    await expect.poll(() => study.getByTestId('saved-note').count()).toBe(1);
    await page.keyboard.press('Escape');
    await study.waitFor({ state: 'detached' });
    await page.locator('#v11').click();
    await page.getByTestId('verse-menu').getByRole('button', { name: 'Highlight pink' }).click();
    await expect.poll(() => page.locator('#v11').getAttribute('class')).toContain('bg-pink');
    await page.getByText(/Kept on this device: sending \d+ changes? to your notes and highlights…/).waitFor();
    // No error was shown for what is only waiting.
    expect(await page.getByText('Not saved').count()).toBe(0);
    // Asked again by itself, with no network event to say so: each arrives once the site answers.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pendingStudyChanges')), { timeout: 30_000 }).toBeNull();
    const notes = (await (await page.request.get('/api/notes?reference=Ruth%203')).json()) as { content: string }[];
    expect(notes.map((n) => n.content)).toEqual(['A virtuous woman, and all the city knows it.']);
    const marks = (await (await page.request.get('/api/highlights?book=Ruth')).json()) as { verse: string; color: string }[];
    expect(marks.map((h) => [h.verse, h.color])).toEqual([['RUTH.3.11', 'pink']]);
    expect(refused.notes).toBeGreaterThanOrEqual(3);
    await page.getByText(/Kept on this device: sending \d+ changes? to your notes and highlights…/).waitFor({ state: 'detached' });
  });
});
