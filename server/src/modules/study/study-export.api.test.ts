import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';

let inbox: Awaited<ReturnType<typeof startInbox>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
let alice: Browser;
let bob: Browser;
let guest: Browser;

type Item = Record<string, unknown> & { id: string };
const today = () => new Date().toISOString().slice(0, 10);
const list = async (who: Browser, path: string): Promise<Item[]> => (await who.request('GET', `${path}?limit=500`)).json();
const withoutIds = (items: Item[]) => items.map(({ id: _id, userId: _u, ...rest }) => rest);
const importFile = (who: Browser, body: unknown) => who.request('POST', '/api/study/import', body);
const exportFile = { format: 'selah-study-export', version: 1 };

const aliceNotes = [
  { type: 'quote', content: '"For God so loved the world"\n\nGrace, first, and "always".', reference: 'John 3:16' },
  { type: 'question', content: 'Who was Nicodemus?', reference: 'John 3:1' },
  { type: 'understand', content: 'The shepherd provides.', reference: 'Psalms 23' },
  { type: 'freeform', content: '=SUM(A1) is not a formula here', reference: 'Romans 8:28' },
];
const aliceMarks = [
  { verse: 'JOHN.3.16', color: 'yellow', reference: 'John 3:16', text: 'For God so loved the world, that he gave his only begotten Son' },
  { verse: 'PSALMS.23.1', color: 'green', reference: 'Psalms 23:1', text: 'The LORD is my shepherd; I shall not want.' },
];

async function counts(who: Browser) {
  const n = await who.request('GET', '/api/notes?limit=1');
  const h = await who.request('GET', '/api/highlights?limit=1');
  return { notes: Number(n.headers['x-total-count']), highlights: Number(h.headers['x-total-count']) };
}

describe(`exports and imports of notes and highlights on ${databaseKind()}`, () => {
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ env: { SMTP_URL: inbox.url } });
    alice = await signUpVerified(app, inbox, 'alice@example.org');
    bob = await signUpVerified(app, inbox, 'bob@example.org');
    guest = new Browser(app);
    for (const n of aliceNotes) expect((await alice.request('POST', '/api/notes', n)).statusCode).toBe(200);
    for (const h of aliceMarks) expect((await alice.request('POST', '/api/highlights', h)).statusCode).toBe(200);
    await bob.request('POST', '/api/notes', { type: 'freeform', content: 'Bob’s private thought', reference: 'Ruth 1:16' });
    await bob.request('POST', '/api/highlights', { verse: 'RUTH.1.16', color: 'pink', reference: 'Ruth 1:16', text: 'whither thou goest, I will go' });
  });
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  it('downloads notes as Markdown and JSON, newest first, as attachments', async () => {
    const md = await alice.request('GET', '/api/notes/export?format=md');
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(md.headers['content-disposition']).toBe(`attachment; filename="selah-notes-${today()}.md"`);
    expect(md.headers['cache-control']).toBe('no-store');
    expect(md.body).toContain('# My Notes');
    expect(md.body).toContain('4 notes, newest first.');
    expect(md.body).toContain('## Quote for John 3:16\n\n*Quote · John 3:16 · ');
    expect(md.body.indexOf('Romans 8:28')).toBeLessThan(md.body.indexOf('Who was Nicodemus?'));

    const json = await alice.request('GET', '/api/notes/export?format=json');
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.headers['content-disposition']).toBe(`attachment; filename="selah-notes-${today()}.json"`);
    const file = json.json();
    expect(file).toMatchObject({ format: 'selah-study-export', version: 1, exportedAt: expect.any(String) });
    expect(file.notes.map((n: { content: string }) => n.content)).toEqual(aliceNotes.map((n) => n.content).reverse());
    expect(Object.keys(file.notes[0]).sort()).toEqual(['content', 'createdAt', 'id', 'reference', 'title', 'type', 'updatedAt']);
    // Markdown is the default format.
    expect((await alice.request('GET', '/api/notes/export')).headers['content-type']).toBe('text/markdown; charset=utf-8');
  });

  it('downloads highlights as CSV (quoted, formula-safe), Markdown and JSON', async () => {
    await alice.request('POST', '/api/highlights', { verse: 'PROVERBS.3.5', color: 'blue', reference: 'Proverbs 3:5', text: '-Trust in the LORD' });
    const csv = await alice.request('GET', '/api/highlights/export?format=csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="selah-highlights-${today()}.csv"`);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('reference,color,text,verse_id,highlighted_at');
    expect(lines[1]).toMatch(/^Proverbs 3:5,blue,'-Trust in the LORD,PROVERBS\.3\.5,\d{4}-/);
    expect(lines[3]).toMatch(/^John 3:16,yellow,"For God so loved the world, that he gave his only begotten Son",JOHN\.3\.16,/);
    expect(lines).toHaveLength(5); // header, three rows, and the final line break

    const md = await alice.request('GET', '/api/highlights/export?format=md');
    expect(md.headers['content-disposition']).toBe(`attachment; filename="selah-highlights-${today()}.md"`);
    expect(md.body).toContain('**Psalms 23:1** · Green · ');
    const json = (await alice.request('GET', '/api/highlights/export?format=json')).json();
    expect(json.highlights.map((h: { verse: string }) => h.verse)).toEqual(['PROVERBS.3.5', 'PSALMS.23.1', 'JOHN.3.16']);
    await alice.request('DELETE', `/api/highlights/${json.highlights[0].id}`);
  });

  it("never puts another user's data in an export, and refuses guests and unknown formats", async () => {
    for (const path of [
      '/api/notes/export?format=json',
      '/api/notes/export?format=md',
      '/api/highlights/export?format=csv',
      '/api/highlights/export?format=json',
    ]) {
      const body = (await bob.request('GET', path)).body;
      expect(body, path).toMatch(/Ruth 1:16/);
      expect(body, path).not.toMatch(/John 3|Psalms 23|Nicodemus/);
    }
    const guestExport = await guest.request('GET', '/api/notes/export?format=md');
    expect(guestExport.statusCode).toBe(401);
    expect(guestExport.json().message).toMatch(/in this browser/);
    const csvNotes = await alice.request('GET', '/api/notes/export?format=csv');
    expect(csvNotes.statusCode).toBe(400);
    expect(csvNotes.json().message).toBe('Format must be md or json.');
    expect((await alice.request('GET', '/api/highlights/export?format=pdf')).json().message).toBe('Format must be md, json or csv.');
  });

  it('brings an export back: export → delete everything → import gives the same items under new ids', async () => {
    const notesFile = (await alice.request('GET', '/api/notes/export?format=json')).json();
    const marksFile = (await alice.request('GET', '/api/highlights/export?format=json')).json();
    const before = { notes: await list(alice, '/api/notes'), highlights: await list(alice, '/api/highlights') };
    for (const n of before.notes) await alice.request('DELETE', `/api/notes/${n.id}`);
    for (const h of before.highlights) await alice.request('DELETE', `/api/highlights/${h.id}`);
    expect(await counts(alice)).toEqual({ notes: 0, highlights: 0 });

    const notesBack = await importFile(alice, notesFile);
    expect(notesBack.statusCode).toBe(200);
    expect(notesBack.json()).toEqual({ notes: { added: 4, skipped: 0 }, highlights: { added: 0, skipped: 0 } });
    expect((await importFile(alice, marksFile)).json()).toEqual({ notes: { added: 0, skipped: 0 }, highlights: { added: 2, skipped: 0 } });

    const after = { notes: await list(alice, '/api/notes'), highlights: await list(alice, '/api/highlights') };
    expect(withoutIds(after.notes)).toEqual(withoutIds(before.notes));
    expect(withoutIds(after.highlights)).toEqual(withoutIds(before.highlights));
    const oldIds = new Set([...before.notes, ...before.highlights].map((x) => x.id));
    expect([...after.notes, ...after.highlights].some((x) => oldIds.has(x.id))).toBe(false);
  });

  it('skips duplicates: items the account holds, and repeats within the file', async () => {
    const file = {
      ...(await alice.request('GET', '/api/notes/export?format=json')).json(),
      highlights: (await alice.request('GET', '/api/highlights/export?format=json')).json().highlights,
    };
    expect((await importFile(alice, file)).json()).toEqual({ notes: { added: 0, skipped: 4 }, highlights: { added: 0, skipped: 2 } });
    expect(await counts(alice)).toEqual({ notes: 4, highlights: 2 });

    // Same verse in another colour: the account keeps its own; a note differing only in type is new.
    const repeats = {
      ...exportFile,
      notes: [
        { type: 'freeform', content: 'Who was Nicodemus?', reference: 'John 3:1' },
        { type: 'freeform', content: '  Who was Nicodemus?  ', reference: 'John 3:1' },
      ],
      highlights: [{ verse: 'JOHN.3.16', color: 'pink', reference: 'John 3:16', text: 'For God so loved the world' }],
    };
    expect((await importFile(alice, repeats)).json()).toEqual({ notes: { added: 1, skipped: 1 }, highlights: { added: 0, skipped: 1 } });
    expect((await list(alice, '/api/highlights')).find((h) => h.verse === 'JOHN.3.16')?.color).toBe('yellow');
    const added = (await list(alice, '/api/notes'))[0]!;
    expect(added).toMatchObject({ type: 'freeform', title: 'Freeform for John 3:1' });
    await alice.request('DELETE', `/api/notes/${added.id}`);
  });

  it("imports another account's export cleanly into a fresh account, once", async () => {
    const file = {
      ...(await alice.request('GET', '/api/notes/export?format=json')).json(),
      highlights: (await alice.request('GET', '/api/highlights/export?format=json')).json().highlights,
    };
    const carol = await signUpVerified(app, inbox, 'carol@example.org');
    expect((await importFile(carol, file)).json()).toEqual({ notes: { added: 4, skipped: 0 }, highlights: { added: 2, skipped: 0 } });
    expect((await importFile(carol, file)).json()).toEqual({ notes: { added: 0, skipped: 4 }, highlights: { added: 0, skipped: 2 } });
    expect(await counts(carol)).toEqual({ notes: 4, highlights: 2 });
    expect(await counts(alice)).toEqual({ notes: 4, highlights: 2 });
    const carolId = (await carol.request('GET', '/api/auth/user')).json().id;
    expect(new Set((await list(carol, '/api/notes')).map((n) => n.userId))).toEqual(new Set([carolId]));
  });

  it('answers a file that is not ours, or a bad item, with a clear 400 and writes nothing', async () => {
    const before = await counts(bob);
    const good = { type: 'freeform', content: 'A fine note', reference: 'John 1:1' };
    const cases: [string, () => ReturnType<Browser['request']>, string | RegExp][] = [
      [
        'not JSON',
        () => bob.request('POST', '/api/study/import', 'reference,color\nJohn 3:16,yellow', { 'content-type': 'application/json' }),
        'This file is not a Selah export.',
      ],
      ['an empty body', () => bob.request('POST', '/api/study/import', '', { 'content-type': 'application/json' }), 'This file is not a Selah export.'],
      ['a list', () => importFile(bob, [good]), 'This file is not a Selah export.'],
      ["another program's JSON", () => importFile(bob, { notes: [good] }), 'This file is not a Selah export.'],
      ['a newer version', () => importFile(bob, { ...exportFile, version: 2, notes: [good] }), /newer version of Selah/],
      [
        'a blank note after good ones',
        () => importFile(bob, { ...exportFile, notes: [good, { ...good, content: '   ' }] }),
        'Note 2: Write something before saving.',
      ],
      [
        'a reference that does not parse',
        () => importFile(bob, { ...exportFile, notes: [good, { ...good, reference: 'Hezekiah 1:1' }] }),
        "Note 2: 'Hezekiah 1:1' is not a Bible reference.",
      ],
      [
        'an unknown colour',
        () => importFile(bob, { ...exportFile, notes: [good], highlights: [{ verse: 'JOHN.1.1', color: 'red', reference: 'John 1:1', text: 'x' }] }),
        'Highlight 1: Colour must be yellow, green, blue or pink.',
      ],
      [
        'a verse and reference that differ',
        () => importFile(bob, { ...exportFile, notes: [good], highlights: [{ verse: 'JOHN.1.1', color: 'blue', reference: 'John 1:2', text: 'x' }] }),
        "Highlight 1: The reference 'John 1:2' is not the verse JOHN.1.1.",
      ],
      [
        'a note over 10,000 characters',
        () => importFile(bob, { ...exportFile, notes: [{ ...good, content: 'a'.repeat(10_001) }] }),
        'Note 1: A note can be at most 10,000 characters.',
      ],
      ['a bad date', () => importFile(bob, { ...exportFile, notes: [{ ...good, createdAt: 'yesterday' }] }), 'Note 1: Dates must be ISO 8601 date-times.'],
    ];
    for (const [label, send, message] of cases) {
      const res = await send();
      expect(res.statusCode, label).toBe(400);
      if (typeof message === 'string') expect(res.json().message, label).toBe(message);
      else expect(res.json().message, label).toMatch(message);
    }
    expect(await counts(bob)).toEqual(before);
  });

  it('keeps accounts, imports and exports bounded: 10,000 notes an account, and an export holds all of them', async () => {
    const dave = await signUpVerified(app, inbox, 'dave@example.org');
    const note = (i: number) => ({
      type: 'freeform',
      content: `Note number ${i}`,
      reference: `Psalms ${1 + (i % 150)}:1`,
      createdAt: new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString(),
    });
    const tooMany = await importFile(dave, { ...exportFile, notes: Array.from({ length: 10_001 }, (_, i) => note(i)) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('A file can hold at most 10,000 notes.');
    expect((await counts(dave)).notes).toBe(0);

    const full = await importFile(dave, { ...exportFile, notes: Array.from({ length: 10_000 }, (_, i) => note(i)) });
    expect(full.json().notes).toEqual({ added: 10_000, skipped: 0 });
    // The account is full: one more, by import or one by one, is refused with a clear message.
    const over = await importFile(dave, { ...exportFile, notes: [note(10_000)] });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('This would take the account past 10,000 notes or highlights, the most one account can keep. Nothing was imported.');
    const one = await dave.request('POST', '/api/notes', { type: 'freeform', content: 'one more', reference: 'John 1:1' });
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe('This account holds 10,000 notes, the most one account can keep. Delete some to add more.');
    expect((await counts(dave)).notes).toBe(10_000);

    const json = (await dave.request('GET', '/api/notes/export?format=json')).json();
    expect(json.notes).toHaveLength(10_000);
    expect(json.notes[0].content).toBe('Note number 9999');
    expect(json.notes.at(-1).content).toBe('Note number 0');

    const huge = await dave.request(
      'POST',
      '/api/study/import',
      `{"format":"selah-study-export","version":1,"notes":[],"pad":"${'x'.repeat(26 * 1024 * 1024)}"}`,
      {
        'content-type': 'application/json',
      },
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('This file is too large to import (the limit is 25 MB).');
  });

  it("checks a guest's import and answers the items for the browser, storing nothing", async () => {
    const file = {
      ...exportFile,
      notes: [
        { id: 'from-elsewhere', type: 'question', content: 'Why Bethlehem?', reference: 'Micah 5:2', createdAt: '2024-12-24T20:00:00.000Z' },
        { type: 'question', content: 'Why Bethlehem?', reference: 'Micah 5:2' },
      ],
      highlights: [{ verse: 'MICAH.5.2', color: 'blue', reference: 'Micah 5:2', text: '“But thou, Bethlehem”' }],
    };
    const res = await importFile(guest, file);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ notes: { added: 1, skipped: 1 }, highlights: { added: 1, skipped: 0 } });
    expect(body.guestItems.notes[0]).toMatchObject({ userId: 'guest', title: 'Question for Micah 5:2', createdAt: '2024-12-24T20:00:00.000Z' });
    expect(body.guestItems.notes[0].id).not.toBe('from-elsewhere');
    expect(body.guestItems.highlights[0]).toMatchObject({ userId: 'guest', text: 'But thou, Bethlehem', reference: 'Micah 5:2' });
    expect((await importFile(guest, { notes: [] })).statusCode).toBe(400);
    // A signed-in import never answers items; nothing of the guest reached any account.
    expect((await list(bob, '/api/notes')).some((n) => n.content === 'Why Bethlehem?')).toBe(false);
  });
});
