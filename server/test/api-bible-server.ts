import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for API.Bible's REST API (v1) over real HTTP: the paths, the `api-key` header and
 * the JSON shapes of its replies (bibles, books with chapters, chapters as JSON content, search), and
 * its failures: 401 without the key, 404 for a chapter it does not have, 429 when rate-limited, and a
 * request never answered. The texts are invented test sentences, not any translation's words.
 * Also answers the fair-use reports (FUMS) at /fums/f3.
 */
export interface ApiBibleStandIn {
  url: string;
  fumsUrl: string;
  /** GET `${controlUrl}?chapter=JHN.4&behaviour=rate-limit` (or a delay in ms, or no behaviour to clear it). */
  controlUrl: string;
  requests: { path: string; key?: string }[];
  reports: URLSearchParams[];
  /** Chapter ids answered specially: 429, 500, never, or after a delay (ms). */
  behaviour: Map<string, 'rate-limit' | 'error' | 'hang' | number>;
  /** Delay every reply (ms), for the slow-provider figures. */
  delayMs: number;
  stop(): Promise<void>;
}

const text = (t: string, verseId?: string) => ({ text: t, type: 'text', ...(verseId ? { attrs: { verseId, verseOrgIds: [verseId] } } : {}) });
const verse = (n: string, chapterId: string) => ({
  name: 'verse',
  type: 'tag',
  attrs: { number: n, style: 'v', sid: `${chapterId.replace('.', ' ')}:${n}` },
  items: [text(n)],
});
const para = (style: string, items: unknown[]) => ({ name: 'para', type: 'tag', attrs: { style }, items });
const char = (style: string, items: unknown[]) => ({ name: 'char', type: 'tag', attrs: { style }, items });
const note = (style: 'f' | 'x', origin: string, body: string) => ({
  name: 'note',
  type: 'tag',
  attrs: { style, caller: '+' },
  items: [char(style === 'f' ? 'fr' : 'xo', [text(origin)]), char(style === 'f' ? 'ft' : 'xt', [text(body)])],
});

/** Psalm 23 shaped like a poetic chapter: a title, first- and second-level lines, a footnote, the divine name. */
function psalm23() {
  const id = 'PSA.23';
  return [
    para('d', [text('A test psalm title.')]),
    para('q1', [verse('1', id), char('nd', [text('Lord', 'PSA.23.1')]), text(' fixture line one,', 'PSA.23.1')]),
    para('q2', [text('fixture line one, second level.', 'PSA.23.1')]),
    para('q1', [verse('2', id), text('Fixture line two', 'PSA.23.2'), note('f', '23:2 ', 'A test footnote.'), text(' continues.', 'PSA.23.2')]),
    para('b', []),
    para('q1', [verse('3', id), text('Fixture line three.', 'PSA.23.3')]),
  ];
}

/** John 3 shaped like a prose chapter: a section heading, paragraphs, red letters, a cross-reference, joined verses. */
function john3() {
  const id = 'JHN.3';
  return [
    para('s1', [text('A Test Section Heading')]),
    para('p', [verse('1', id), text('Fixture prose one.', 'JHN.3.1'), verse('2', id), text('Fixture prose two asked,', 'JHN.3.2')]),
    para('p', [verse('3', id), text('Someone answered, ', 'JHN.3.3'), char('wj', [text('fixture red letters.', 'JHN.3.3')]), note('x', '3:3 ', 'John 1:13')]),
    para('p', [verse('4-5', id), text('Fixture joined verses four and five.', 'JHN.3.4')]),
    para('p', [verse('16', id), char('wj', [text('Fixture sixteen in red.', 'JHN.3.16')])]),
  ];
}

const CHAPTERS: Record<string, () => unknown[]> = { 'PSA.23': psalm23, 'JHN.3': john3 };

const BIBLES = [
  {
    id: 'niv-test-01',
    abbreviation: 'NIV',
    abbreviationLocal: 'NIV',
    name: 'New International Version',
    language: { id: 'eng', name: 'English', scriptDirection: 'LTR' },
  },
  { id: 'msg-test-01', abbreviation: 'MSG', abbreviationLocal: 'MSG', name: 'The Message', language: { id: 'eng', name: 'English', scriptDirection: 'LTR' } },
  // The same code as a local text: Selah keeps the local one.
  {
    id: 'kjv-test-01',
    abbreviation: 'engKJV',
    abbreviationLocal: 'KJV',
    name: 'King James (Authorised) Version',
    language: { id: 'eng', name: 'English', scriptDirection: 'LTR' },
  },
  {
    id: 'nvi-test-01',
    abbreviation: 'spaNVI',
    abbreviationLocal: 'nvi',
    name: 'Nueva Versión Internacional',
    language: { id: 'spa', name: 'Spanish', scriptDirection: 'LTR' },
  },
].map((b) => ({ ...b, dblId: b.id, description: 'Test', countries: [], type: 'text', updatedAt: '2026-01-01T00:00:00.000Z', audioBibles: [] }));

const chapters = (bookId: string, count: number, bibleId: string) => [
  { id: `${bookId}.intro`, bibleId, bookId, number: 'intro', reference: `${bookId} Intro` },
  ...Array.from({ length: count }, (_, i) => ({ id: `${bookId}.${i + 1}`, bibleId, bookId, number: String(i + 1), reference: `${bookId} ${i + 1}` })),
];

// Spanish book names for the Spanish text, as the real service gives a translation's own names.
const SPANISH: Record<string, string> = { Genesis: 'Génesis', Psalms: 'Salmos', John: 'Juan' };
const named = (bibleId: string, name: string) => (bibleId === 'nvi-test-01' ? (SPANISH[name] ?? name) : name);

// Genesis, Psalms and John; John without chapter 21 (a chapter this translation lacks).
const books = (bibleId: string) => [
  {
    id: 'GEN',
    bibleId,
    abbreviation: 'Gen',
    name: named(bibleId, 'Genesis'),
    nameLong: 'The First Book of Moses, called Genesis',
    chapters: chapters('GEN', 50, bibleId),
  },
  { id: 'PSA', bibleId, abbreviation: 'Ps', name: named(bibleId, 'Psalms'), nameLong: 'The Psalms', chapters: chapters('PSA', 150, bibleId) },
  { id: 'JHN', bibleId, abbreviation: 'Jn', name: named(bibleId, 'John'), nameLong: 'The Gospel of John', chapters: chapters('JHN', 20, bibleId) },
  { id: 'XYZ', bibleId, abbreviation: 'X', name: 'Not a canon book', nameLong: 'Unknown', chapters: chapters('XYZ', 1, bibleId) },
];

/** A plain chapter for any other chapter asked for: a paragraph of three invented verses. */
const plainChapter = (chapterId: string) => [
  para(
    'p',
    [1, 2, 3].flatMap((n) => [verse(String(n), chapterId), text(`Fixture verse ${n} of ${chapterId}. `, `${chapterId}.${n}`)]),
  ),
];

export async function startApiBibleServer(key: string): Promise<ApiBibleStandIn> {
  const standIn: Omit<ApiBibleStandIn, 'url' | 'fumsUrl' | 'controlUrl' | 'stop'> = { requests: [], reports: [], behaviour: new Map(), delayMs: 0 };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === '/fums/f3') {
      standIn.reports.push(url.searchParams);
      return void res.writeHead(200, { 'content-type': 'image/gif' }).end();
    }
    // Tests in other processes (the browser tests) set a chapter's behaviour through this path.
    if (url.pathname === '/control/behaviour') {
      const chapter = url.searchParams.get('chapter') ?? '';
      const behaviour = url.searchParams.get('behaviour');
      if (behaviour === 'rate-limit' || behaviour === 'error' || behaviour === 'hang') standIn.behaviour.set(chapter, behaviour);
      else if (behaviour && /^\d+$/.test(behaviour)) standIn.behaviour.set(chapter, Number(behaviour));
      else standIn.behaviour.delete(chapter);
      return send(res, 200, { ok: true });
    }
    standIn.requests.push({ path: url.pathname + url.search, key: req.headers['api-key'] as string | undefined });
    if (standIn.delayMs) await new Promise((r) => setTimeout(r, standIn.delayMs));
    if (req.headers['api-key'] !== key) return send(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'Invalid API key' });
    let m: RegExpExecArray | null;
    if (url.pathname === '/v1/bibles') {
      // `behaviour` keyed 'bibles': the list itself fails (a provider down while a server starts).
      if (standIn.behaviour.get('bibles') === 'error') return send(res, 503, { statusCode: 503, error: 'Service Unavailable', message: 'Down' });
      return send(res, 200, { data: BIBLES });
    }
    if ((m = /^\/v1\/bibles\/([^/]+)\/books$/.exec(url.pathname))) {
      if (!BIBLES.some((b) => b.id === m![1])) return send(res, 404, { statusCode: 404, error: 'Not Found', message: 'bible not found' });
      return send(res, 200, { data: books(m[1]!) });
    }
    if ((m = /^\/v1\/bibles\/([^/]+)\/chapters\/([^/]+)$/.exec(url.pathname))) {
      const [, bibleId, chapterId] = m as unknown as [string, string, string];
      const special = standIn.behaviour.get(chapterId);
      if (special === 'hang') return; // never answers
      if (special === 'rate-limit') return send(res, 429, { statusCode: 429, error: 'Too Many Requests', message: 'API rate limit exceeded' });
      if (special === 'error') return send(res, 500, { statusCode: 500, error: 'Internal Server Error', message: 'An internal server error occurred' });
      if (typeof special === 'number') await new Promise((r) => setTimeout(r, special));
      const [bookId, number] = chapterId.split('.');
      const book = books(bibleId).find((b) => b.id === bookId);
      if (!book || !book.chapters.some((c) => c.id === chapterId)) return send(res, 404, { statusCode: 404, error: 'Not Found', message: 'chapter not found' });
      const content = CHAPTERS[chapterId]?.() ?? plainChapter(chapterId);
      return send(res, 200, {
        data: {
          id: chapterId,
          bibleId,
          number,
          bookId,
          reference: `${book.name} ${number}`,
          copyright: `Test copyright notice of ${bibleId}.`,
          verseCount: 3,
          content,
          next: null,
          previous: null,
        },
        meta: { fums: '<script></script>', fumsId: `fums-${chapterId}`, fumsToken: `token-${bibleId}-${chapterId}` },
      });
    }
    if ((m = /^\/v1\/bibles\/([^/]+)\/search$/.exec(url.pathname))) {
      const query = url.searchParams.get('query') ?? '';
      const verses = /fixture/i.test(query)
        ? [
            { id: 'JHN.3.16', orgId: 'JHN.3.16', bookId: 'JHN', bibleId: m[1], chapterId: 'JHN.3', text: 'Fixture sixteen in red.', reference: 'John 3:16' },
            { id: 'PSA.23.3', orgId: 'PSA.23.3', bookId: 'PSA', bibleId: m[1], chapterId: 'PSA.23', text: 'Fixture line three.', reference: 'Psalms 23:3' },
          ]
        : [];
      return send(res, 200, {
        data: { query, limit: 10, offset: 0, total: verses.length, verseCount: verses.length, verses },
        meta: { fumsToken: `token-search-${query}` },
      });
    }
    send(res, 404, { statusCode: 404, error: 'Not Found', message: 'Not Found' });
  };
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The same object the handler reads, so a test's changes (delayMs, behaviour) take effect.
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}/v1`,
    fumsUrl: `http://127.0.0.1:${port}/fums/f3`,
    controlUrl: `http://127.0.0.1:${port}/control/behaviour`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
