import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { useBrowser } from './fixtures.ts';
import { signUpAndConfirm } from './account-steps.ts';

const { page: newPage } = useBrowser();
const page = newPage;

const NOTES = [
  { type: 'quote', content: '"For God so loved the world"\n\nLove comes first.', reference: 'John 3:16' },
  { type: 'understand', content: 'The shepherd leads, provides and restores.', reference: 'Psalms 23' },
  { type: 'question', content: 'Who was Nicodemus, and why at night?', reference: 'John 3:1' },
  { type: 'freeform', content: 'Read this at the start of each week.', reference: 'Romans 8:28' },
];
const HIGHLIGHTS = [
  { verse: 'JOHN.3.16', color: 'yellow', reference: 'John 3:16', text: 'For God so loved the world, that he gave his only begotten Son' },
  { verse: 'PSALMS.23.1', color: 'green', reference: 'Psalms 23:1', text: 'The LORD is my shepherd; I shall not want.' },
  { verse: 'ROMANS.8.28', color: 'blue', reference: 'Romans 8:28', text: '=all things work together for good' },
];

async function newAccount(p: Page, email: string) {
  await signUpAndConfirm(p, email, 'a lamp unto my feet');
  await p.getByRole('dialog', { name: 'Welcome to Selah' }).getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => p.getByRole('dialog', { name: 'Welcome to Selah' }).count()).toBe(0);
}

/** Saves through the real API, as the reader's study panel and verse menu do. */
async function save(p: Page, path: '/api/notes' | '/api/highlights', items: object[]) {
  for (const item of items) {
    const status = await p.evaluate(
      async ([url, body]) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status,
      [path, item] as const,
    );
    expect(status).toBe(200);
  }
}

const cards = (p: Page, kind: 'note' | 'highlight') => p.getByTestId(`${kind}-card`);
const serverCount = (p: Page, path: string) => p.evaluate(async (url) => Number((await fetch(`${url}?limit=1`)).headers.get('x-total-count')), path);

async function exportAs(p: Page, format: RegExp): Promise<{ name: string; text: string; path: string }> {
  await p.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('menuitem', { name: format }).click()]);
  return read(download);
}

async function read(download: Download) {
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8'), path };
}

async function importFile(p: Page, path: string) {
  const [chooser] = await Promise.all([p.waitForEvent('filechooser'), p.getByRole('button', { name: 'Import' }).click()]);
  await chooser.setFiles(path);
}

describe('My Notes', () => {
  it("finds, filters, edits, deletes, exports a signed-in reader's notes and imports them into a fresh account", async () => {
    const p = await page();
    await newAccount(p, 'dorcas@example.org');
    await save(p, '/api/notes', NOTES);
    await p.goto('/notes');
    await expect.poll(() => cards(p, 'note').count()).toBe(4);
    expect(await p.getByTestId('list-count').textContent()).toBe('4 notes, newest first');
    // Newest first.
    expect(await cards(p, 'note').first().textContent()).toContain('Read this at the start of each week.');

    // Search in the text (the URL keeps it), then clear it.
    await p.getByRole('searchbox', { name: 'Search' }).fill('nicodemus');
    await expect.poll(() => cards(p, 'note').count()).toBe(1);
    expect(await cards(p, 'note').textContent()).toContain('Who was Nicodemus, and why at night?');
    expect(new URL(p.url()).searchParams.get('q')).toBe('nicodemus');
    expect(await p.getByTestId('list-count').textContent()).toBe('1 note matches');
    await p.getByRole('searchbox', { name: 'Search' }).fill('');
    await expect.poll(() => cards(p, 'note').count()).toBe(4);

    // Filter by type, and by book.
    await p.getByLabel('Type', { exact: true }).selectOption({ label: 'Quote' });
    await expect.poll(() => cards(p, 'note').count()).toBe(1);
    expect(await cards(p, 'note').textContent()).toContain('Quote for John 3:16');
    await p.getByLabel('Type', { exact: true }).selectOption({ label: 'All types' });
    await p.getByLabel('Book', { exact: true }).selectOption('John');
    await expect.poll(() => cards(p, 'note').count()).toBe(2);
    await p.getByLabel('Book', { exact: true }).selectOption({ label: 'All books' });
    await expect.poll(() => cards(p, 'note').count()).toBe(4);

    // Edit a note's text; blank text cannot be saved.
    const psalm = cards(p, 'note').filter({ has: p.getByRole('heading', { name: 'Understand for Psalm 23' }) });
    await psalm.getByRole('button', { name: /^Edit/ }).click();
    const box = psalm.getByRole('textbox', { name: 'Note text' });
    await box.fill('   ');
    expect(await psalm.getByRole('button', { name: 'Save note' }).isDisabled()).toBe(true);
    await box.fill('The shepherd leads, provides, restores — and stays in the valley.');
    await psalm.getByRole('button', { name: 'Save note' }).click();
    await expect.poll(() => cards(p, 'note').filter({ hasText: 'stays in the valley' }).count()).toBe(1);
    const saved = await p.evaluate(async () => (await (await fetch('/api/notes?type=understand')).json())[0].content);
    expect(saved).toBe('The shepherd leads, provides, restores — and stays in the valley.');

    // Delete one (after confirming): gone from the page and the server.
    const weekly = cards(p, 'note').filter({ hasText: 'Read this at the start of each week.' });
    await weekly.getByRole('button', { name: /^Delete/ }).click();
    await weekly.getByRole('button', { name: 'Delete note' }).click();
    await expect.poll(() => cards(p, 'note').count()).toBe(3);
    await expect.poll(() => serverCount(p, '/api/notes')).toBe(3);

    // Export: Markdown to read, JSON to import again.
    const md = await exportAs(p, /^Markdown/);
    expect(md.name).toMatch(/^selah-notes-\d{4}-\d{2}-\d{2}\.md$/);
    expect(md.text).toContain('# My Notes');
    expect(md.text).toContain('3 notes, newest first.');
    expect(md.text).toContain('## Quote for John 3:16\n\n*Quote · John 3:16 · ');
    expect(md.text).toContain('stays in the valley');
    expect(md.text).not.toContain('start of each week');
    const json = await exportAs(p, /^JSON/);
    expect(json.name).toMatch(/^selah-notes-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(json.text);
    expect(file).toMatchObject({ format: 'selah-study-export', version: 1 });
    expect(file.notes.map((n: { type: string }) => n.type).sort()).toEqual(['question', 'quote', 'understand']);

    // A fresh account: the empty page says how to begin; importing the file brings the notes in.
    const fresh = await page();
    await newAccount(fresh, 'eunice@example.org');
    await fresh.goto('/notes');
    await expect.poll(() => fresh.getByRole('heading', { name: 'No notes yet' }).isVisible()).toBe(true);
    expect(await fresh.getByRole('link', { name: 'Open the reader' }).getAttribute('href')).toBe('/bible');
    await importFile(fresh, json.path);
    await expect.poll(() => fresh.getByTestId('toast').filter({ hasText: 'Import finished' }).textContent()).toContain('Notes: 3 added.');
    await expect.poll(() => cards(fresh, 'note').count()).toBe(3);
    // The same file again adds nothing.
    await importFile(fresh, json.path);
    await expect.poll(() => fresh.getByTestId('toast').filter({ hasText: 'Notes: 0 added, 3 duplicates skipped.' }).count()).toBe(1);
    expect(await serverCount(fresh, '/api/notes')).toBe(3);

    // A file that is not ours is refused, and nothing changes.
    const other = join(tmpdir(), `not-selah-${process.pid}.json`);
    writeFileSync(other, JSON.stringify({ notes: [{ text: 'hello' }] }));
    await importFile(fresh, other);
    await expect.poll(() => fresh.getByTestId('toast').filter({ hasText: 'Import failed' }).textContent()).toContain('This file is not a Selah export.');
    expect(await serverCount(fresh, '/api/notes')).toBe(3);

    // Pages of 20 from the server, with the total.
    const many = join(tmpdir(), `many-notes-${process.pid}.json`);
    const psalms = Array.from({ length: 22 }, (_, i) => ({ type: 'freeform', content: `Psalm ${i + 1} read aloud.`, reference: `Psalms ${i + 1}` }));
    writeFileSync(many, JSON.stringify({ format: 'selah-study-export', version: 1, notes: psalms }));
    await importFile(fresh, many);
    await expect.poll(() => fresh.getByTestId('list-count').textContent()).toBe('25 notes, newest first');
    expect(await cards(fresh, 'note').count()).toBe(20);
    expect(await fresh.getByRole('navigation', { name: 'Note pages' }).textContent()).toContain('Page 1 of 2');
    await fresh.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => cards(fresh, 'note').count()).toBe(5);
    expect(new URL(fresh.url()).searchParams.get('page')).toBe('2');
  });

  it('shows a guest the notes kept in this browser, with the hint to sign in, and imports into the browser', async () => {
    const p = await page();
    await p.goto('/');
    const now = new Date().toISOString();
    await p.evaluate((at) => {
      const note = (id: string, type: string, content: string, reference: string) => ({
        id,
        type,
        content,
        reference,
        title: `${type[0]!.toUpperCase()}${type.slice(1)} for ${reference}`,
        userId: 'guest',
        createdAt: at,
        updatedAt: at,
      });
      localStorage.setItem(
        'guestNotes',
        JSON.stringify([
          note('11111111-1111-4111-8111-111111111111', 'question', 'Who is my neighbour?', 'Luke 10:29'),
          note('22222222-2222-4222-8222-222222222222', 'freeform', 'Mercy over sacrifice.', 'Hosea 6:6'),
        ]),
      );
    }, now);
    await p.goto('/notes');
    await expect.poll(() => cards(p, 'note').count()).toBe(2);
    expect(await p.getByRole('complementary', { name: 'Kept in this browser' }).textContent()).toContain('kept in this browser only');
    await p.getByLabel('Type', { exact: true }).selectOption({ label: 'Question' });
    await expect.poll(() => cards(p, 'note').count()).toBe(1);

    // A guest's export is made in the browser from the same formatters.
    const json = await exportAs(p, /^JSON/);
    expect(
      JSON.parse(json.text)
        .notes.map((n: { content: string }) => n.content)
        .sort(),
    ).toEqual(['Mercy over sacrifice.', 'Who is my neighbour?']);

    // An import goes into the browser's list (checked by the server, stored nowhere else).
    const file = join(tmpdir(), `guest-import-${process.pid}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        format: 'selah-study-export',
        version: 1,
        notes: [
          { type: 'question', content: 'Who is my neighbour?', reference: 'Luke 10:29' },
          { type: 'quote', content: '"Go, and do thou likewise."', reference: 'Luke 10:37' },
        ],
      }),
    );
    await p.getByLabel('Type', { exact: true }).selectOption({ label: 'All types' });
    await importFile(p, file);
    await expect.poll(() => p.getByTestId('toast').filter({ hasText: 'Import finished' }).textContent()).toContain('Notes: 1 added, 1 duplicate skipped.');
    await expect.poll(() => cards(p, 'note').count()).toBe(3);
    expect(await p.evaluate(() => JSON.parse(localStorage.getItem('guestNotes')!).length)).toBe(3);
  });
});

describe('My Highlights', () => {
  it('filters by colour, changes a colour, jumps to the verse and exports CSV', async () => {
    const p = await page();
    await newAccount(p, 'joanna@example.org');
    await save(p, '/api/highlights', HIGHLIGHTS);
    await p.goto('/highlights');
    await expect.poll(() => cards(p, 'highlight').count()).toBe(3);

    await p.getByLabel('Colour', { exact: true }).selectOption({ label: 'Green' });
    await expect.poll(() => cards(p, 'highlight').count()).toBe(1);
    expect(await cards(p, 'highlight').textContent()).toContain('The LORD is my shepherd');
    await p.getByLabel('Colour', { exact: true }).selectOption({ label: 'All colours' });
    await expect.poll(() => cards(p, 'highlight').count()).toBe(3);

    // Change a colour: saved for the same verse.
    const john = cards(p, 'highlight').filter({ hasText: 'For God so loved' });
    await john.getByTitle('Pink').click(); // the swatch, as a person taps it
    await expect.poll(() => john.getByRole('radio', { name: 'Pink' }).isChecked()).toBe(true);
    await expect
      .poll(() => p.evaluate(async () => (await (await fetch('/api/highlights?color=pink')).json()).map((h: { verse: string }) => h.verse)))
      .toEqual(['JOHN.3.16']);
    expect(await serverCount(p, '/api/highlights')).toBe(3);

    // CSV export: header, quoting, and no formula runs from a cell.
    const csv = await exportAs(p, /^CSV/);
    expect(csv.name).toMatch(/^selah-highlights-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('reference,color,text,verse_id,highlighted_at');
    expect(lines).toContainEqual(expect.stringMatching(/^John 3:16,pink,"For God so loved the world, that he gave his only begotten Son",JOHN\.3\.16,/));
    expect(lines).toContainEqual(expect.stringMatching(/^Romans 8:28,blue,'=all things work together for good,ROMANS\.8\.28,/));

    // Remove one: gone at once and on the server.
    await cards(p, 'highlight')
      .filter({ hasText: 'all things work together' })
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect.poll(() => cards(p, 'highlight').count()).toBe(2);
    await expect.poll(() => serverCount(p, '/api/highlights')).toBe(2);

    // Removed meanwhile elsewhere (another device): the server refuses, the §8 toast says so, and the
    // refetch shows the list as it really is.
    const psalm = (await p.evaluate(async () => (await (await fetch('/api/highlights?color=green')).json())[0])) as { id: string };
    await p.evaluate(async (id) => fetch(`/api/highlights/${id}`, { method: 'DELETE' }), psalm.id);
    await cards(p, 'highlight')
      .filter({ hasText: 'shepherd' })
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect.poll(() => p.getByTestId('toast').filter({ hasText: 'Failed to remove highlight. Please try again.' }).count()).toBe(1);
    await expect.poll(() => cards(p, 'highlight').count()).toBe(1);
    await save(p, '/api/highlights', [HIGHLIGHTS[1]!]);
    await p.reload();
    await expect.poll(() => cards(p, 'highlight').count()).toBe(2);

    // Jump to the verse in the reader.
    await cards(p, 'highlight')
      .filter({ hasText: 'shepherd' })
      .getByRole('link', { name: /Psalm 23:1/ })
      .click();
    await expect.poll(() => p.url()).toMatch(/\/bible\?book=Psalms&chapter=23&verse=1$/);
    await expect.poll(() => p.locator('#v1').getAttribute('class')).toContain('bg-green-200');
  });
});
