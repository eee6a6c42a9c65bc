import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentariesReply, CrossReferencesReply } from '#common/contracts/study-tools.ts';
import { COMMENTARY_PARAGRAPHS_MAX } from '#common/contracts/study-tools.ts';
import { plainText } from '#common/scripture/content.ts';
import { findBookExact } from '#common/scripture/canon.ts';
import { osisToNodes } from '../../scripture/osis/osis-to-nodes.ts';
import { BUILT_IN_CROSS_REFERENCES, CrossReferences } from '../../scripture/cross-references/cross-references.ts';
import { installTestCrossReferences, removeTestCrossReferences, TSK_LIKE } from '../../scripture/cross-references/testing-cross-references.ts';
import { findSwordModule } from '../../scripture/sword/discover.ts';
import { ZVerseReader } from '../../scripture/sword/ztext.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';

const SYSTEM = '/usr/share/sword';
const has = (name: string) => existsSync(join(SYSTEM, 'mods.d', `${name}.conf`));

let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
}, 300_000);
afterAll(() => app.stop());

async function get<T>(url: string) {
  const res = await app.server.inject({ method: 'GET', url, headers: { host: 'localhost' } });
  return { status: res.statusCode, body: res.json() as T & { message?: string } };
}

/** Installs a Debian commentary into the app's library root, as the library's install leaves it. */
function install(name: string) {
  cpSync(join(SYSTEM, 'mods.d', `${name}.conf`), join(app.libraryRoot, 'mods.d', `${name}.conf`));
  cpSync(join(SYSTEM, 'modules/comments/zcom', name), join(app.libraryRoot, 'modules/comments/zcom', name), { recursive: true });
}
function uninstall(name: string) {
  rmSync(join(app.libraryRoot, 'mods.d', `${name}.conf`), { force: true });
  rmSync(join(app.libraryRoot, 'modules/comments/zcom', name), { recursive: true, force: true });
}

/** What the zCom reader itself gives for the verse, as plain text. */
function direct(name: string, osis: string, chapter: number, verse: number) {
  const module = findSwordModule(name, [SYSTEM])!;
  const entry = ZVerseReader.open(module).commentaryEntry(osis, chapter, verse)!;
  return { entry, text: plainText(osisToNodes(entry.markup, { keepIntroductions: true })) };
}

describe(`GET /api/study-tools/commentaries (${databaseKind()})`, () => {
  it('answers an empty list while no commentary is installed', async () => {
    const res = await get<CommentariesReply>('/api/study-tools/commentaries/John/3/16');
    expect(res).toEqual({ status: 200, body: { commentaries: [], installed: 0 } });
  });

  it.skipIf(!has('mhcc'))("gives Matthew Henry's entry on John 3:16 once installed, and nothing once removed, without a restart", async () => {
    install('mhcc');
    const res = await get<CommentariesReply>('/api/study-tools/commentaries/John/3/16');
    expect(res.status).toBe(200);
    expect(res.body.commentaries.map((c) => c.module)).toEqual(['MHCC']);
    expect(res.body.installed).toBe(1);
    const mhcc = res.body.commentaries[0]!;
    expect(mhcc).toMatchObject({
      name: "Matthew Henry's Concise Commentary on the Whole Bible",
      licence: 'Public Domain',
      on: 'John 3:1',
      section: true,
    });
    // The chapter's outline, a table whose cells the markup runs together, keeps a space before each range.
    expect(mhcc.paragraphs.slice(0, 2)).toEqual(["Christ's discourse with Nicodemus. (1-21)", "The baptism of John of Christ John's testimony. (22-36)"]);
    const { text } = direct('mhcc', 'John', 3, 16);
    const nicodemus = mhcc.paragraphs.find((p) => p.startsWith('Nicodemus was afraid'));
    expect(nicodemus).toBeDefined();
    expect(text).toContain(nicodemus);
    for (const p of mhcc.paragraphs) {
      expect(p).not.toMatch(/<|>/);
      // A page-long paragraph is cut between sentences, to be read on a phone.
      expect(p.length).toBeLessThan(1_400);
    }
    expect(mhcc.paragraphs.length).toBeLessThanOrEqual(COMMENTARY_PARAGRAPHS_MAX);

    uninstall('mhcc');
    expect((await get<CommentariesReply>('/api/study-tools/commentaries/John/3/16')).body).toEqual({ commentaries: [], installed: 0 });
  });

  it.skipIf(!has('mhcc') || !has('tdavid') || !has('scofield'))(
    "lists every installed commentary on the verse: Psalm 23:1 in Treasury of David, Matthew Henry's and Scofield's notes",
    async () => {
      for (const name of ['mhcc', 'tdavid', 'scofield']) install(name);
      try {
        const psalm = await get<CommentariesReply>('/api/study-tools/commentaries/Psalms/23/1');
        // Scofield has no note in Psalm 23: its last one before (on Psalm 22:28) is about another passage.
        expect(psalm.body).toMatchObject({ installed: 3 });
        expect(psalm.body.commentaries.map((c) => c.module)).toEqual(['MHCC', 'TDavid']);
        const tdavid = psalm.body.commentaries.find((c) => c.module === 'TDavid')!;
        expect(tdavid).toMatchObject({ name: "C. H. Spurgeon's Treasury of David", on: 'Psalms 23:1', section: false });
        expect(tdavid.paragraphs[0]).toMatch(/^There is no inspired title to this psalm/);
        const tdavidText = direct('tdavid', 'Ps', 23, 1).text;
        for (const p of tdavid.paragraphs) expect(tdavidText).toContain(p);
        // The overview runs to hundreds of paragraphs: the panel gets the first ones and how many more there are.
        expect(tdavid.paragraphs).toHaveLength(COMMENTARY_PARAGRAPHS_MAX);
        expect(tdavid.more).toBeGreaterThan(0);

        const john = await get<CommentariesReply>('/api/study-tools/commentaries/John/3/16');
        const scofield = john.body.commentaries.find((c) => c.module === 'Scofield')!;
        expect(scofield).toMatchObject({ on: 'John 3:16', section: false, paragraphs: [...scofield.paragraphs] });
        expect(scofield.paragraphs[0]).toBe('perish');
        expect(direct('scofield', 'John', 3, 16).text).toContain(scofield.paragraphs[1]);

        // Matthew Henry's comment on a chapter comes in parts ("Verses 1-2"): the part holding the verse.
        const genesis = await get<CommentariesReply>('/api/study-tools/commentaries/Genesis/1/1');
        const henry = genesis.body.commentaries.find((c) => c.module === 'MHCC')!;
        expect(henry).toMatchObject({ on: 'Genesis 1:1–2', section: true });
        expect(henry.paragraphs[0]).toMatch(/^The first verse of the Bible gives us a satisfying and useful account/);
        expect(henry.paragraphs.join(' ')).not.toMatch(/Verses 3-5/);
      } finally {
        for (const name of ['mhcc', 'tdavid', 'scofield']) uninstall(name);
      }
    },
  );

  it('refuses a book, chapter or verse that is not in the Bible with a 404 that says why', async () => {
    expect(await get('/api/study-tools/commentaries/Hezekiah/1/1')).toEqual({ status: 404, body: { message: "Book 'Hezekiah' not found." } });
    expect(await get('/api/study-tools/commentaries/John/22/1')).toEqual({
      status: 404,
      body: { message: 'John has 21 chapters, so there is no chapter 22.' },
    });
    expect(await get('/api/study-tools/commentaries/John/3/37')).toEqual({ status: 404, body: { message: 'John 3 has 36 verses, so there is no verse 37.' } });
    for (const url of ['/api/study-tools/commentaries/John/0/1', '/api/study-tools/commentaries/John/3/x', '/api/study-tools/cross-references/John/3/-1']) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toMatch(/whole number/);
    }
  });
});

describe(`GET /api/study-tools/cross-references (${databaseKind()})`, () => {
  it("gives John 3:16's cross references, best first, each with the store's verse text in the translation asked for", async () => {
    const res = await get<CrossReferencesReply>('/api/study-tools/cross-references/John/3/16?translation=WEB');
    expect(res.status).toBe(200);
    expect(res.body.translation).toBe('WEB');
    expect(res.body.references.map((r) => r.reference)).toEqual(new CrossReferences().related('John 3:16', 30));
    expect(res.body.references.length).toBeGreaterThan(5);
    const web = app.library.store.get('WEB')!;
    for (const r of res.body.references) {
      expect(r.reference).toBe(`${r.book} ${r.chapter}:${r.verse}`);
      expect(r.text, r.reference).toBe(web.verseText(findBookExact(r.book)!, r.chapter, r.verse));
      expect(r.text).not.toBe('');
    }
  });

  it('falls back to the default translation for a code not held here', async () => {
    const res = await get<CrossReferencesReply>('/api/study-tools/cross-references/John/3/16?translation=NOPE');
    expect(res.status).toBe(200);
    const fallback = app.library.store.get(res.body.translation)!;
    expect(res.body.translation).toBe(app.library.store.defaultCode);
    const first = res.body.references[0]!;
    expect(first.text).toBe(fallback.verseText(findBookExact(first.book)!, first.chapter, first.verse));
  });

  it("adds an installed cross-reference work's references (a Treasury in SWORD's layout), each once with its sources, and drops them with the module", async () => {
    const url = '/api/study-tools/cross-references/John/3/16?translation=WEB';
    const npm = new CrossReferences().related('John 3:16', 30);
    const builtIn = { module: null, name: BUILT_IN_CROSS_REFERENCES };
    const tsk = { module: 'TestTSK', name: 'The Treasury of Scripture Knowledge (test edition)' };
    const web = app.library.store.get('WEB')!;
    const text = (book: string, chapter: number, verse: number) => web.verseText(findBookExact(book)!, chapter, verse);

    const before = await get<CrossReferencesReply>(url);
    expect(before.body.references.map((r) => r.reference)).toEqual(npm);
    expect(before.body.references.every((r) => JSON.stringify(r.sources) === JSON.stringify([builtIn]))).toBe(true);

    installTestCrossReferences(app.libraryRoot, TSK_LIKE);
    try {
      const res = await get<CrossReferencesReply>(url);
      expect(res.status).toBe(200);
      // The npm data's list as before, then what only the module has, in the module's order.
      expect(res.body.references.map((r) => r.reference)).toEqual([...npm, '1 John 4:10', 'Jeremiah 31:3', 'Isaiah 9:6', 'Ephesians 2:4-5']);
      const byReference = new Map(res.body.references.map((r) => [r.reference, r]));
      for (const both of ['Romans 5:8', '1 John 4:9', 'Genesis 22:12']) expect(byReference.get(both)!.sources, both).toEqual([builtIn, tsk]);
      expect(byReference.get('John 1:14')!.sources).toEqual([builtIn]);
      expect(byReference.get('Isaiah 9:6')).toEqual({
        reference: 'Isaiah 9:6',
        book: 'Isaiah',
        chapter: 9,
        verse: 6,
        text: text('Isaiah', 9, 6),
        sources: [tsk],
      });
      expect(text('Isaiah', 9, 6)).toMatch(/child/);
      expect(byReference.get('Ephesians 2:4-5')).toEqual({
        reference: 'Ephesians 2:4-5',
        book: 'Ephesians',
        chapter: 2,
        verse: 4,
        text: `${text('Ephesians', 2, 4)} ${text('Ephesians', 2, 5)}`,
        sources: [tsk],
      });
    } finally {
      removeTestCrossReferences(app.libraryRoot, TSK_LIKE.name);
    }
    const after = await get<CrossReferencesReply>(url);
    expect(after.body.references.map((r) => r.reference)).toEqual(npm);
  });

  it.skipIf(!has('engWEB2015eb'))("adds the cross-reference notes of an installed Bible's own text (the WEB's at 2 Kings 12:4)", async () => {
    const url = '/api/study-tools/cross-references/2%20Kings/12/4?translation=WEB';
    const exodus = (body: CrossReferencesReply) => body.references.filter((r) => r.reference === 'Exodus 30:12');
    expect(exodus((await get<CrossReferencesReply>(url)).body).map((r) => r.sources)).toEqual([[{ module: null, name: BUILT_IN_CROSS_REFERENCES }]]);
    const dir = 'modules/texts/ztext/engWEB2015eb';
    cpSync(join(SYSTEM, 'mods.d', 'engWEB2015eb.conf'), join(app.libraryRoot, 'mods.d', 'engWEB2015eb.conf'));
    cpSync(join(SYSTEM, dir), join(app.libraryRoot, dir), { recursive: true });
    try {
      const res = await get<CrossReferencesReply>(url);
      expect(exodus(res.body).map((r) => r.sources)).toEqual([
        [
          { module: null, name: BUILT_IN_CROSS_REFERENCES },
          { module: 'engWEB2015eb', name: 'World English Bible with Deuterocanon' },
        ],
      ]);
    } finally {
      rmSync(join(app.libraryRoot, 'mods.d', 'engWEB2015eb.conf'), { force: true });
      rmSync(join(app.libraryRoot, dir), { recursive: true, force: true });
    }
  });

  it('refuses a verse that is not in the Bible', async () => {
    expect(await get('/api/study-tools/cross-references/John/3/99')).toEqual({
      status: 404,
      body: { message: 'John 3 has 36 verses, so there is no verse 99.' },
    });
  });
});
