import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { type Browser, signUpVerified } from '../../../test/accounts.ts';

let inbox: Awaited<ReturnType<typeof startInbox>>;
let app: Awaited<ReturnType<typeof startTestApp>>;

/**
 * Two people who study the same chapters, with notes and highlights on the same verses and words:
 * every list filter, every combination of them, paging and every export must give each only their own.
 */
const VERSES = [
  { verse: 'JOHN.3.16', reference: 'John 3:16', text: 'For God so loved the world' },
  { verse: 'JOHN.3.17', reference: 'John 3:17', text: 'For God sent not his Son into the world to condemn the world' },
  { verse: 'PSALMS.23.1', reference: 'Psalms 23:1', text: 'The LORD is my shepherd; I shall not want.' },
  { verse: 'PSALMS.23.4', reference: 'Psalms 23:4', text: 'I will fear no evil: for thou art with me' },
];
const NOTE_REFERENCES = ['John 3:16', 'John 3', 'John 3:17', 'Psalms 23:1', 'Psalms 23', 'Psalms 23:4'];
const TYPES = ['quote', 'understand', 'question', 'freeform'] as const;
const COLORS = ['yellow', 'green', 'blue', 'pink'] as const;

type Item = { id: string; userId: string; content?: string; text?: string };

async function fill(who: Browser, marker: string, shift: number) {
  const notes: string[] = [];
  for (let i = 0; i < NOTE_REFERENCES.length; i++) {
    const reference = NOTE_REFERENCES[i]!;
    const type = TYPES[(i + shift) % TYPES.length]!;
    const res = await who.request('POST', '/api/notes', { type, reference, content: `${marker} on love and the shepherd, ${reference}` });
    expect(res.statusCode).toBe(200);
    notes.push(res.json().id);
  }
  const highlights: string[] = [];
  for (let i = 0; i < VERSES.length; i++) {
    const res = await who.request('POST', '/api/highlights', {
      ...VERSES[i],
      color: COLORS[(i + shift) % COLORS.length],
      text: `${VERSES[i]!.text} ${marker}`,
    });
    expect(res.statusCode).toBe(200);
    highlights.push(res.json().id);
  }
  return { notes: new Set(notes), highlights: new Set(highlights) };
}

function combos(options: Record<string, (string | undefined)[]>): URLSearchParams[] {
  let all: Record<string, string>[] = [{}];
  for (const [key, values] of Object.entries(options)) {
    all = all.flatMap((c) => values.map((v) => (v === undefined ? c : { ...c, [key]: v })));
  }
  return all.map((c) => new URLSearchParams(c));
}

const PAGES = [undefined, 'limit=1&offset=0', 'limit=2&offset=1', 'limit=500&offset=3'];

describe(`every list and export is the caller's own, on ${databaseKind()}`, () => {
  let ruth: Browser;
  let naomi: Browser;
  let own: Record<'ruth' | 'naomi', Awaited<ReturnType<typeof fill>>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ env: { SMTP_URL: inbox.url } });
    ruth = await signUpVerified(app, inbox, 'ruth@example.org', undefined, '10.4.0.1');
    naomi = await signUpVerified(app, inbox, 'naomi@example.org', undefined, '10.4.0.2');
    own = { ruth: await fill(ruth, 'RUTH-OWN', 0), naomi: await fill(naomi, 'NAOMI-OWN', 1) };
    ids.ruth = (await ruth.request('GET', '/api/auth/user')).json().id;
    ids.naomi = (await naomi.request('GET', '/api/auth/user')).json().id;
  });
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  /** Every query, on every page, as each of the two: only the caller's items, and counts to match. */
  async function everyCombination(path: string, kind: 'notes' | 'highlights', queries: URLSearchParams[]): Promise<number> {
    let nonEmpty = 0;
    for (const [name, who] of [
      ['ruth', ruth],
      ['naomi', naomi],
    ] as const) {
      for (const query of queries) {
        for (const page of PAGES) {
          const url = `${path}?${query}${page ? `&${page}` : ''}`;
          const res = await who.request('GET', url);
          expect(res.statusCode, url).toBe(200);
          const items = res.json() as Item[];
          for (const item of items) {
            expect(own[name][kind].has(item.id), `${name} ${url}`).toBe(true);
            expect(item.userId).toBe(ids[name]);
          }
          expect(Number(res.headers['x-total-count']), url).toBeLessThanOrEqual(own[name][kind].size);
          if (!page) expect(Number(res.headers['x-total-count']), url).toBe(items.length);
          if (items.length) nonEmpty++;
        }
      }
    }
    return nonEmpty;
  }

  it('notes: every combination of search, book, type, reference and page', async () => {
    const queries = combos({
      q: [undefined, 'love', 'shepherd', 'OWN'],
      book: [undefined, 'John', 'Psalms'],
      type: [undefined, ...TYPES],
      reference: [undefined, 'John 3:16', 'John 3', 'Psalms 23:4'],
    });
    // The combinations find things, so an empty answer everywhere would not pass for "only their own".
    expect(await everyCombination('/api/notes', 'notes', queries)).toBeGreaterThan(100);
  });

  it('highlights: every combination of search, book, colour and page', async () => {
    const queries = combos({ q: [undefined, 'world', 'shepherd', 'OWN', 'John'], book: [undefined, 'John', 'Psalms'], color: [undefined, ...COLORS] });
    expect(await everyCombination('/api/highlights', 'highlights', queries)).toBeGreaterThan(60);
  });

  it('exports in every format hold only the caller’s items, all of them', async () => {
    for (const [name, who, other] of [
      ['ruth', ruth, 'NAOMI-OWN'],
      ['naomi', naomi, 'RUTH-OWN'],
    ] as const) {
      for (const path of [
        '/api/notes/export?format=md',
        '/api/notes/export?format=json',
        '/api/highlights/export?format=md',
        '/api/highlights/export?format=json',
        '/api/highlights/export?format=csv',
      ]) {
        const res = await who.request('GET', path);
        expect(res.statusCode, path).toBe(200);
        expect(res.body, `${name} ${path}`).not.toContain(other);
        expect(res.body, `${name} ${path}`).not.toContain(ids[name === 'ruth' ? 'naomi' : 'ruth']);
        const kind = path.includes('notes') ? 'notes' : 'highlights';
        expect(Number(res.headers['x-total-count'])).toBe(own[name][kind].size);
      }
    }
  });

  it('nobody can change, delete or read another’s item by its id', async () => {
    const [naomisNote] = [...own.naomi.notes];
    const [naomisMark] = [...own.naomi.highlights];
    expect((await ruth.request('PATCH', `/api/notes/${naomisNote}`, { content: 'RUTH-OWN now' })).statusCode).toBe(404);
    expect((await ruth.request('DELETE', `/api/notes/${naomisNote}`)).statusCode).toBe(404);
    expect((await ruth.request('DELETE', `/api/highlights/${naomisMark}`)).statusCode).toBe(404);
    const naomis = (await naomi.request('GET', '/api/notes?limit=500')).json() as Item[];
    expect(naomis).toHaveLength(own.naomi.notes.size);
    expect(naomis.every((n) => n.content!.startsWith('NAOMI-OWN'))).toBe(true);
    expect((await naomi.request('GET', '/api/highlights?limit=500')).json()).toHaveLength(own.naomi.highlights.size);
  });
});
