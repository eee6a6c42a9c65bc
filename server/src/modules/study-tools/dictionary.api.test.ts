import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictionaryEntryReply, DictionaryNamesReply } from '#common/contracts/study-tools.ts';
import { EASTON_LIKE, installTestDictionary, NOT_DICTIONARIES, removeTestDictionary, SMITH_LIKE } from '../../scripture/sword/testing-dictionary.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
}, 300_000);
afterAll(() => app.stop());

async function get<T>(url: string) {
  const res = await app.server.inject({ method: 'GET', url, headers: { host: 'localhost' } });
  return { status: res.statusCode, body: res.json() as T & { message?: string } };
}

const ALL = [EASTON_LIKE, SMITH_LIKE, ...NOT_DICTIONARIES];
const easton = { module: 'TestEaston', name: "Easton's Bible Dictionary (test edition)" };
const smith = { module: 'TestSmith', name: "Smith's Bible Dictionary (test edition)" };

describe(`Bible dictionary (${databaseKind()})`, () => {
  it('finds no names and no entry while no dictionary is installed', async () => {
    expect(await get('/api/study-tools/dictionary/John/1/45?translation=KJV')).toEqual({
      status: 200,
      body: { translation: 'KJV', names: [], installed: 0 },
    });
    expect(await get('/api/study-tools/dictionary/entry/MOSES')).toEqual({
      status: 404,
      body: { message: 'No installed Bible dictionary has an entry on "MOSES".' },
    });
  });

  it('links the names of John 1:45 and Matthew 2:1 in the KJV to the dictionaries that have them, once installed, and to none once removed, without a restart', async () => {
    for (const d of ALL) installTestDictionary(app.libraryRoot, d);
    try {
      const john = await get<DictionaryNamesReply>('/api/study-tools/dictionary/John/1/45?translation=KJV');
      // Nave's-like topical index and the Greek lexicon have MOSES and PHILIP too: they are not Bible dictionaries.
      expect(john).toEqual({
        status: 200,
        body: {
          translation: 'KJV',
          installed: 2,
          names: [
            { word: 'Philip', key: 'PHILIP', dictionaries: [easton] },
            { word: 'Nathanael', key: 'NATHANAEL', dictionaries: [easton] },
            { word: 'Moses', key: 'MOSES', dictionaries: [easton, smith] },
            { word: 'Nazareth', key: 'NAZARETH', dictionaries: [smith] },
          ],
        },
      });
      // "law" is in the dictionary but the verse writes it as a common word; "Jesus" and "Joseph" have no entry here.
      const matthew = await get<DictionaryNamesReply>('/api/study-tools/dictionary/Matthew/2/1?translation=KJV');
      expect(matthew.body.names.map((n) => [n.word, n.key])).toEqual([
        ['Bethlehem', 'BETHLEHEM'],
        ['Herod', 'HEROD'],
        ['Jerusalem', 'JERUSALEM'],
      ]);
      // The dictionary has GOD, but a divine name is not a name to look up.
      expect((await get<DictionaryNamesReply>('/api/study-tools/dictionary/John/3/16')).body).toEqual({ translation: 'KJV', names: [], installed: 2 });
      // Two words the dictionary has together: "the Red sea" (Exodus 15:4).
      const exodus = await get<DictionaryNamesReply>('/api/study-tools/dictionary/Exodus/15/4?translation=KJV');
      expect(exodus.body.names).toEqual([{ word: 'Red sea', key: 'RED SEA', dictionaries: [easton] }]);
    } finally {
      for (const d of ALL) removeTestDictionary(app.libraryRoot, d.name);
    }
    expect((await get<DictionaryNamesReply>('/api/study-tools/dictionary/John/1/45?translation=KJV')).body).toEqual({
      translation: 'KJV',
      names: [],
      installed: 0,
    });
    expect((await get('/api/study-tools/dictionary/entry/MOSES')).status).toBe(404);
  });

  it("gives an entry from every installed dictionary that has it, as plain paragraphs, with each one's name and licence", async () => {
    for (const d of ALL) installTestDictionary(app.libraryRoot, d);
    try {
      const moses = await get<DictionaryEntryReply>('/api/study-tools/dictionary/entry/moses');
      expect(moses).toEqual({
        status: 200,
        body: {
          key: 'MOSES',
          entries: [
            {
              ...easton,
              licence: 'Public Domain',
              copyright: null,
              // The script and its content are gone; markup written as text stays text, for the page to escape.
              paragraphs: [
                'Moses, drawn out of the water, the son of Amram and Jochebed.',
                'He led Israel out of Egypt.',
                '<img src=x onerror=alert(1)> is only text.',
              ],
              more: 0,
            },
            // The TEI entry's headword is not repeated under the heading.
            { ...smith, licence: 'Public Domain', copyright: null, paragraphs: ['the Hebrew lawgiver.', 'Born in Egypt.'], more: 0 },
          ],
        },
      });
      const bethlehem = await get<DictionaryEntryReply>('/api/study-tools/dictionary/entry/Bethlehem');
      expect(bethlehem.body.entries.map((e) => e.paragraphs)).toEqual([
        ['Bethlehem, house of bread, a town in the hill country of Judah, about six miles south of Jerusalem.', 'It is called "the city of David" (Luke 2:4).'],
      ]);
      expect((await get<DictionaryEntryReply>('/api/study-tools/dictionary/entry/Red%20Sea')).body.key).toBe('RED SEA');
      // Only Bible dictionaries answer: the Greek lexicon's PHILIP is not asked.
      expect((await get<DictionaryEntryReply>('/api/study-tools/dictionary/entry/PHILIP')).body.entries.map((e) => e.module)).toEqual(['TestEaston']);
    } finally {
      for (const d of ALL) removeTestDictionary(app.libraryRoot, d.name);
    }
  });

  it('caps a long entry at 40 paragraphs and says how many more there are', async () => {
    const long = Array.from({ length: 45 }, (_, i) => `<p>Paragraph ${i + 1}.</p>`).join('');
    installTestDictionary(app.libraryRoot, { name: 'TestLong', entries: { AARON: long } });
    try {
      const { body } = await get<DictionaryEntryReply>('/api/study-tools/dictionary/entry/AARON');
      expect(body.entries[0]!.paragraphs).toHaveLength(40);
      expect(body.entries[0]!.paragraphs.at(-1)).toBe('Paragraph 40.');
      expect(body.entries[0]!.more).toBe(5);
    } finally {
      removeTestDictionary(app.libraryRoot, 'TestLong');
    }
  });

  it('answers hostile or malformed input with a 400 or 404 that says why, never a 500', async () => {
    installTestDictionary(app.libraryRoot, EASTON_LIKE);
    try {
      for (const key of ['..%2F..%2Fetc%2Fpasswd', '%3Cscript%3E', 'a'.repeat(81), '%00', 'MO%0ASES', '%F0%9F%98%80', '%20', "'OR'1'%3D'1", '%E0%A4%A']) {
        const res = await get(`/api/study-tools/dictionary/entry/${key}`);
        expect([400, 404], key).toContain(res.status);
        expect(typeof res.body.message, key).toBe('string');
      }
      expect(await get('/api/study-tools/dictionary/entry/%3Cscript%3E')).toEqual({
        status: 400,
        body: { message: "An entry's name is up to 80 letters, digits, spaces and the marks ' . , ( ) -." },
      });
      expect(await get('/api/study-tools/dictionary/entry/Nebuchadnezzar')).toEqual({
        status: 404,
        body: { message: 'No installed Bible dictionary has an entry on "Nebuchadnezzar".' },
      });
      expect(await get('/api/study-tools/dictionary/Hezekiah/1/1')).toEqual({ status: 404, body: { message: "Book 'Hezekiah' not found." } });
      expect(await get('/api/study-tools/dictionary/John/1/52')).toEqual({ status: 404, body: { message: 'John 1 has 51 verses, so there is no verse 52.' } });
      for (const url of [
        '/api/study-tools/dictionary/John/0/1',
        '/api/study-tools/dictionary/John/1/x',
        `/api/study-tools/dictionary/John/1/1?translation=${'X'.repeat(17)}`,
      ]) {
        expect((await get(url)).status, url).toBe(400);
      }
      // A translation not held here reads in the site's default.
      expect((await get<DictionaryNamesReply>('/api/study-tools/dictionary/John/1/45?translation=NOPE')).body).toMatchObject({ translation: 'KJV' });
    } finally {
      removeTestDictionary(app.libraryRoot, EASTON_LIKE.name);
    }
  });
});
