import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { findSwordModule } from '../../scripture/sword/discover.ts';
import { Commentary } from './commentary.ts';
import { CrossReferences } from '../../scripture/cross-references/cross-references.ts';
import { NaveTopics } from './nave-topics.ts';
import type { AskReply } from '#common/contracts/ai.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { SYSTEM_SWORD } from '../../../test/prepared-databases.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp({ env: { AI_CRISIS_TEXT: 'Please call the Selah test crisis line now: 000-TEST.' } });
}, 300_000);
afterAll(() => app.stop());

async function ask(body: Record<string, unknown>) {
  const res = await app.server.inject({ method: 'POST', url: '/api/ai/ask', headers: { host: 'localhost' }, payload: body });
  return { status: res.statusCode, body: res.json() as AskReply & { message?: string } };
}
const verified = (reply: AskReply) => reply.references.filter((r) => r.status === 'verified').map((r) => r.reference);

/** Every reference the answer shows as valid is in the store; every other one is marked in the text. */
function expectHonest(reply: AskReply) {
  for (const r of reply.references) {
    if (r.status === 'verified') expect(r.text, r.written).toBeTruthy();
    else expect(reply.response.slice(r.start - 2, r.end + 2), r.written).toBe(`~~${r.written}~~`);
  }
}

describe('POST /api/ai/ask with the embedded Scripture engine', () => {
  it('finds the passages everyday words point to, quoted from the store', async () => {
    const { status, body } = await ask({ question: "I'm anxious about my job", translation: 'KJV' });
    expect(status).toBe(200);
    expect(body.engine).toBe('scripture-search');
    expect(verified(body)).toEqual(expect.arrayContaining(['Philippians 4:6-7', 'Matthew 6:25-34', '1 Peter 5:7']));
    expect(body.response).toContain('“Be careful for nothing; but in every thing by prayer');
    // Under the answer, what it was drawn from; the note for administrators is not in the reader's answer.
    expect(body.sources).toBe('From Scripture and Selah’s topics; every reference checked');
    expect(body.response).not.toContain('It finds and quotes');
    expect(body.references.every((r) => r.status === 'verified')).toBe(true);
    expect(body.references.find((r) => r.reference === '1 Peter 5:7')?.href).toBe('/bible?book=1+Peter&chapter=5&verse=7&translation=KJV');
  });

  it('answers in the translation asked for, and by default in the KJV', async () => {
    const web = (await ask({ question: 'How do I forgive someone who hurt me?', translation: 'WEB' })).body;
    expect(web.translation).toBe('WEB');
    expect(verified(web)).toContain('Ephesians 4:32');
    expect(web.response).toContain('“And be kind to one another, tender hearted');
    // Quotation marks inside a quoted passage become single ones, so the quotation stays one piece.
    expect(web.response).toContain('— “‘For if you forgive men');
    expect((await ask({ question: 'What is faith?' })).body.translation).toBe('KJV');
  });

  it('says so when a book, chapter or verse does not exist, and never shows it as valid', async () => {
    for (const [question, problem] of [
      ['What does Hezekiah 3:16 say?', /no book called Hezekiah/],
      ['Explain John 22', /John has 21 chapters/],
      ['What is Psalm 151 about?', /Psalms has 150 chapters/],
    ] as const) {
      const { body } = await ask({ question });
      expect(body.response, question).toMatch(/not found in Scripture/);
      expect(body.response, question).toMatch(problem);
      expect(
        body.references.some((r) => r.status === 'invalid'),
        question,
      ).toBe(true);
      expectHonest(body);
    }
  });

  it('says which sayings are not in the Bible, and what is', async () => {
    const { body } = await ask({ question: 'Where does the Bible say God helps those who help themselves?' });
    expect(body.response).toMatch(/“God helps those who help themselves” is not in the Bible/);
    expect(verified(body)).toContain('Romans 5:6');
    expectHonest(body);
  });

  it('does not make up verses', async () => {
    const { body } = await ask({ question: 'Make up a new verse about hope for me' });
    expect(body.response).toMatch(/does not write new verses/);
    expect(verified(body)).toContain('Romans 15:13');
  });

  it('answers someone who may be in danger first with care and where to find help', async () => {
    const { body } = await ask({ question: 'I want to end my life, nothing matters' });
    expect(body.response.startsWith('**Please call the Selah test crisis line now: 000-TEST.**')).toBe(true);
    expect(verified(body).length).toBeGreaterThan(0);
    expect((await ask({ question: 'What does the Bible say about joy?' })).body.response).not.toMatch(/crisis line/);
  });

  it('starts from the passage a question is about, and keeps a note’s answer short', async () => {
    const { body } = await ask({ question: 'What does this mean for me?', reference: 'John 3:16', context: 'I never felt loved.' });
    expect(body.references[0]?.reference).toBe('John 3:16');
    const brief = (await ask({ question: 'How should I pray?', reference: 'Matthew 6:9', brief: true })).body;
    expect(brief.references.length).toBeLessThanOrEqual(2);
    expect(brief.response).not.toMatch(/Scripture search/);
  });

  it('answers a follow-up by its own words, and by the conversation only when they say nothing', async () => {
    const context = "Q: I'm anxious about my job\nA: Philippians 4:6-7 …";
    const own = (await ask({ question: 'What does the Bible say about forgiveness?', context })).body;
    expect(verified(own)).not.toContain('Philippians 4:6-7');
    expect(verified(own)).toContain('Ephesians 4:32');
    const more = (await ask({ question: 'Tell me more', context })).body;
    expect(verified(more)).toContain('Philippians 4:6-7');
    // Overlapping passages are not shown twice (Philippians 4:6 for prayer after 4:6-7 for worry).
    const both = (await ask({ question: 'I am anxious; how should I pray?' })).body;
    expect(verified(both).filter((r) => r?.startsWith('Philippians 4:6'))).toHaveLength(1);
  });

  it('lets the whole question decide: a name and the other words weigh in, a topic word does not take over', async () => {
    // A factual question about a person: the verses naming David and his father, not verses about fathers.
    const david = verified((await ask({ question: "Who was David's father?" })).body);
    expect(david.slice(0, 3)).toContain('Ruth 4:17');
    expect(david).not.toContain('Ephesians 6:1-4');
    // "sick of me" is about being rejected, not illness.
    const sick = verified((await ask({ question: 'Is God sick of me?' })).body);
    expect(sick.slice(0, 2)).toEqual(['Lamentations 3:22-23', 'Isaiah 49:15-16']);
    expect(sick).not.toContain('James 5:14-15');
    // Going without sleep is weariness, not death as sleep.
    const tired = verified((await ask({ question: "I'm running on no sleep" })).body);
    expect(tired.slice(0, 2)).toEqual(['Psalms 127:2', 'Matthew 11:28-30']);
    expect(tired).not.toContain('1 Thessalonians 4:13-14');
  });

  it('answers a topic in groups, naming the topic once under each heading and saying why each passage is there', async () => {
    const { body } = await ask({ question: 'I feel anxious about my job' });
    expect(body.response).toMatch(/^Scripture speaks to anxiety and worry in more than one way\. /);
    // The groups in the order of their best passage, each passage under the label Selah's topic gives it.
    expect([...body.response.matchAll(/^### (.+)$/gm)].map((m) => m[1])).toEqual(['What to do with worry', 'God’s care']);
    const source = '_From Selah’s topic ‘anxiety and worry’._';
    expect(body.response).toContain(`### What to do with worry\n\n${source}\n\n**Philippians 4:6-7** — “Be careful for nothing`);
    expect(body.response).toContain(`### God’s care\n\n${source}\n\n**Matthew 6:25-34**`);
    expect(body.response.split(source)).toHaveLength(3);
    // Each passage its own line, after its text: what it says about the topic.
    expect(body.response).toMatch(
      /\*\*Philippians 4:6-7\*\* — “[^”]+” {2}\n_Bring every worry to God in prayer, with thanks; his peace will guard your heart\._/,
    );
    expect(body.response).toMatch(/\*\*1 Peter 5:7\*\* — “[^”]+” {2}\n_Cast all your care on God, because he cares for you\._/);
    expect(body.response).not.toMatch(/it does not explain/);
    expectHonest(body);
  });

  it('says plainly that a Gospel the Bible does not have is not in it, and still answers from the Gospels it has', async () => {
    const { body } = await ask({ question: 'What does the Gospel of Thomas teach about prayer?' });
    expect(body.response).toContain('“The Gospel of Thomas” is not in the Bible: its Gospels are Matthew, Mark, Luke and John.');
    expect(verified(body)).toContain('Matthew 6:9-13');
    // Thomas the apostle is not what the question is about: no search for the book's name.
    expect(body.response).not.toMatch(/Passages naming|Luke 6:15/);
    expectHonest(body);
    const real = await ask({ question: 'What does the Gospel of John say about prayer?' });
    expect(real.body.response).not.toContain('is not in the Bible');
  });

  it('says plainly when no topic speaks to a question, and offers the closest passages by their words', async () => {
    const { body } = await ask({ question: 'How do I fix the engine of my car?' });
    expect(body.response).toMatch(/^Selah found no passage that speaks to this directly\. The closest by their words:\n\n\*\*/);
    expect(body.response).not.toMatch(/Here are the passages that speak to your question/);
    expectHonest(body);
  });

  it('falls back on the words of the question when no topic speaks to it', async () => {
    const { body } = await ask({ question: 'Who was Melchizedek?' });
    expect(body.references.length).toBeGreaterThan(0);
    expect(body.references.every((r) => r.status === 'verified' && /melchi/i.test(r.text ?? ''))).toBe(true);
  });

  it('answers as server-sent events too, after the same checks', async () => {
    const res = await app.server.inject({ method: 'POST', url: '/api/ai/ask/stream', headers: { host: 'localhost' }, payload: { question: 'What is faith?' } });
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    // The stream carries the same protections as every reply.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    const [event, data] = res.body.trim().split('\n');
    expect(event).toBe('event: done');
    expect(verified(JSON.parse(data!.slice('data: '.length)))).toContain('Hebrews 11:1');
    const unknown = await app.server.inject({
      method: 'POST',
      url: '/api/ai/ask/stream',
      headers: { host: 'localhost' },
      payload: { question: 'faith', translation: 'NOPE' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBeTruthy();
  });

  it('refuses what it cannot answer with a clear message, guests included', async () => {
    expect(await ask({ question: '   ' })).toMatchObject({ status: 400, body: { message: 'Ask a question.' } });
    expect(await ask({ question: 'x'.repeat(1001) })).toMatchObject({ status: 400, body: { message: 'A question can be at most 1,000 characters.' } });
    expect((await ask({ question: 'peace', translation: 'NOPE' })).status).toBe(404);
  });
});

describe('limits on questions to the AI', () => {
  let limited: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    limited = await startTestApp({ env: { AI_RATE_LIMIT: '2' } });
  }, 300_000);
  afterAll(() => limited.stop());

  const askFrom = (address: string) =>
    limited.server.inject({ method: 'POST', url: '/api/ai/ask', headers: { host: 'localhost', 'x-forwarded-for': address }, payload: { question: 'peace' } });

  it('answers each address a set number of times an hour, then says when to ask again', async () => {
    expect((await askFrom('203.0.113.7')).statusCode).toBe(200);
    expect((await askFrom('203.0.113.7')).statusCode).toBe(200);
    const refused = await askFrom('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('That is 2 questions to the AI in the last hour, the most allowed. Please ask again in 60 minutes.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // Another address is not held back by the first one's questions.
    expect((await askFrom('203.0.113.8')).statusCode).toBe(200);
  });

  it('counts streamed questions with the others, and refuses a stream once the hour is spent', async () => {
    const streamFrom = (address: string) =>
      limited.server.inject({
        method: 'POST',
        url: '/api/ai/ask/stream',
        headers: { host: 'localhost', 'x-forwarded-for': address },
        payload: { question: 'peace' },
      });
    const first = await streamFrom('203.0.113.30');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('event: done');
    expect((await askFrom('203.0.113.30')).statusCode).toBe(200);
    const refused = await streamFrom('203.0.113.30');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/json');
    expect(refused.json().message).toBe('That is 2 questions to the AI in the last hour, the most allowed. Please ask again in 60 minutes.');
    // Streams alone spend it as well.
    expect((await streamFrom('203.0.113.31')).statusCode).toBe(200);
    expect((await streamFrom('203.0.113.31')).statusCode).toBe(200);
    expect((await askFrom('203.0.113.31')).statusCode).toBe(429);
  });

  it('counts AI-enhanced searches with questions, and refuses them too once the hour is spent', async () => {
    const searchFrom = (address: string, q: string) =>
      limited.server.inject({ method: 'GET', url: `/api/ai/passages?q=${encodeURIComponent(q)}`, headers: { host: 'localhost', 'x-forwarded-for': address } });
    expect((await searchFrom('203.0.113.20', 'verses about anxiety')).statusCode).toBe(200);
    expect((await askFrom('203.0.113.20')).statusCode).toBe(200);
    const refused = await searchFrom('203.0.113.20', 'verses about money');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('That is 2 questions to the AI in the last hour, the most allowed. Please ask again in 60 minutes.');
    expect(refused.headers['cache-control'] ?? '').not.toMatch(/public/);
    expect((await askFrom('203.0.113.20')).statusCode).toBe(429);

    // Searches alone spend the hour as well.
    expect((await searchFrom('203.0.113.21', 'peace')).statusCode).toBe(200);
    expect((await searchFrom('203.0.113.21', 'peace')).statusCode).toBe(200);
    expect((await searchFrom('203.0.113.21', 'peace')).statusCode).toBe(429);
    expect((await askFrom('203.0.113.21')).statusCode).toBe(429);
  });
});

describe('GET /api/ai/passages (AI-enhanced search)', () => {
  let reader: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    reader = await startTestApp();
  }, 300_000);
  afterAll(() => reader.stop());
  const passages = async (query: string) => {
    const res = await reader.server.inject({ method: 'GET', url: `/api/ai/passages?${query}`, headers: { host: 'localhost' } });
    return { status: res.statusCode, body: res.json() };
  };

  it('finds passages by meaning for a question or topic, and nothing for words with no topic', async () => {
    const anxiety = await passages('q=verses%20about%20anxiety');
    expect(anxiety.status).toBe(200);
    expect(anxiety.body.topics[0]).toBe('anxiety and worry');
    expect(anxiety.body.passages.map((p: { reference: string }) => p.reference)).toEqual(expect.arrayContaining(['Philippians 4:6-7', '1 Peter 5:7']));
    expect(anxiety.body.passages[0]).toMatchObject({
      text: expect.stringMatching(/^Be careful for nothing/),
      href: '/bible?book=Philippians&chapter=4&verse=6&translation=KJV',
    });
    const money = (await passages('q=what%20did%20Jesus%20say%20about%20money&translation=WEB')).body;
    expect(money.passages.map((p: { reference: string }) => p.reference)).toContain('Matthew 6:24');
    expect(money.passages[0].href).toMatch(/translation=WEB$/);
    expect((await passages('q=Melchizedek')).body).toEqual({ topics: [], passages: [] });
    expect((await passages('q=')).status).toBe(400);
  });
});

const nave = findSwordModule('Nave', ['/usr/share/sword']);
const mhcc = findSwordModule('MHCC', ['/usr/share/sword']);
describe.skipIf(!nave || !mhcc)("with Nave's Topical Bible and Matthew Henry's commentary installed (needs Debian sword-dict-naves, sword-comm-mhcc)", () => {
  let withNave: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    withNave = await startTestApp({ studySources: { topics: NaveTopics.open(nave!), commentary: Commentary.open(mhcc!) } });
  }, 300_000);
  afterAll(() => withNave.stop());
  const askIt = async (question: string) =>
    (await withNave.server.inject({ method: 'POST', url: '/api/ai/ask', headers: { host: 'localhost' }, payload: { question } })).json() as AskReply;

  it("answers subjects Selah's own topics lack from Nave's, best-known passages first, checked like any answer", async () => {
    const enemies = await askIt('How should I treat my enemies?');
    expect(verified(enemies).slice(0, 2)).toEqual(['Matthew 5:43-48', 'Proverbs 24:17-18']);
    expectHonest(enemies);
    expect(verified(await askIt('Is gossip a sin?'))).toContain('Proverbs 20:19');
  });

  it("groups Nave's passages under its own sub-headings, each saying where it came from", async () => {
    const enemies = await askIt('How should I treat my enemies?');
    expect(enemies.response).toContain('### Enemy');
    expect(enemies.response).toMatch(/\*\*Matthew 5:43-48\*\* — “[^”]+” {2}\n_Nave’s Topical Bible, ENEMY: [^_]+\._/);
    expectHonest(enemies);
  });

  it("does not let Nave's topic names take a factual question over", async () => {
    const david = verified(await askIt("Who was David's father?"));
    expect(david.slice(0, 3)).toContain('Ruth 4:17');
    // A name ending in s owns with a bare apostrophe: the verses naming Moses come before Nave's BROTHER.
    const moses = verified(await askIt("Who was Moses' brother?"));
    expect(moses.slice(0, 4)).toContain('Exodus 7:1');
    expect(moses.slice(0, 4)).not.toContain('1 Peter 1:22');
  });

  it("keeps Selah's own topics first where they speak to the question", async () => {
    // Shown in the topic's groups: what to do with worry (Philippians 4:6-7, 1 Peter 5:7), then God's care.
    expect(verified(await askIt("I'm anxious about my job")).slice(0, 2)).toEqual(['Philippians 4:6-7', '1 Peter 5:7']);
  });

  it('finds passages on /search for a topic only Nave’s has', async () => {
    const res = await withNave.server.inject({ method: 'GET', url: '/api/ai/passages?q=verses%20about%20tithing', headers: { host: 'localhost' } });
    expect(res.json()).toMatchObject({ topics: ['tithes'], passages: expect.arrayContaining([expect.objectContaining({ reference: 'Malachi 3:10' })]) });
  });

  it('quotes what the commentary says about the passage a question is about, but not in a note’s short answer', async () => {
    const about = await askIt('What does John 3:16 mean?');
    // The passage, then those the cross-references link it with, then the commentary's chapter; "John" in "John 3:16" names the
    // passage, not Nave's topic JOHN (the Baptist).
    expect([...new Set(verified(about))]).toEqual(['John 3:16', 'John 3', ...new CrossReferences().related('John 3:16', 3)]);
    expect(about.response).toContain("From Matthew Henry's Concise Commentary on the Whole Bible (Public Domain), on John 3:");
    expect(about.response).toMatch(/\n> .*shall not perish, but shall have everlasting life/);
    expectHonest(about);
    const brief = (
      await withNave.server.inject({
        method: 'POST',
        url: '/api/ai/ask',
        headers: { host: 'localhost' },
        payload: { question: 'Why?', reference: 'John 3:16', brief: true },
      })
    ).json() as AskReply;
    expect(brief.response).not.toContain('Commentary');
    // A question about a topic, not a passage, has no commentary.
    expect((await askIt('How should I treat my enemies?')).response).not.toContain('Commentary');
  });
});

describe.skipIf(!nave || !mhcc)("with Nave's and Matthew Henry's installed from the library while the server runs", () => {
  let live: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    live = await startTestApp();
  }, 300_000);
  afterAll(() => live.stop());

  /** Copies a Debian module into the app's library root, as the library's install leaves it. */
  const install = (module: NonNullable<typeof nave>, conf: string) => {
    mkdirSync(join(live.libraryRoot, 'mods.d'), { recursive: true });
    cpSync(join(module.root, 'mods.d', conf), join(live.libraryRoot, 'mods.d', conf));
    // A dictionary's DataPath is a file-name prefix inside its folder; a commentary's is the folder.
    const folder = statSync(module.dataPath, { throwIfNoEntry: false })?.isDirectory() ? module.dataPath : dirname(module.dataPath);
    const data = relative(module.root, folder);
    cpSync(join(module.root, data), join(live.libraryRoot, data), { recursive: true });
  };
  const passages = async () =>
    (await live.server.inject({ method: 'GET', url: '/api/ai/passages?q=verses%20about%20tithing', headers: { host: 'localhost' } })).json() as {
      topics: string[];
    };
  const about = async () =>
    (
      (
        await live.server.inject({ method: 'POST', url: '/api/ai/ask', headers: { host: 'localhost' }, payload: { question: 'What does John 3:16 mean?' } })
      ).json() as AskReply
    ).response;

  it('answers from them from the next question on, and without them once removed', async () => {
    expect((await passages()).topics).not.toContain('tithes');
    expect(await about()).not.toContain('Commentary');

    install(nave!, 'nave.conf');
    install(mhcc!, 'mhcc.conf');
    expect((await passages()).topics).toEqual(['tithes']);
    expect(await about()).toContain("From Matthew Henry's Concise Commentary on the Whole Bible (Public Domain), on John 3:");

    rmSync(join(live.libraryRoot, 'mods.d', 'nave.conf'));
    rmSync(join(live.libraryRoot, 'mods.d', 'mhcc.conf'));
    expect((await passages()).topics).not.toContain('tithes');
    expect(await about()).not.toContain('Commentary');
  });
});

const kjvWithStrongs = ['engKJV2006eb', 'strongsgreek', 'mhcc'].every((m) => existsSync(`/usr/share/sword/mods.d/${m}.conf`));
describe.skipIf(!kjvWithStrongs)("explaining a passage from the SWORD KJV, Strong's lexicons and the installed commentaries (needs Debian's)", () => {
  let study: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    study = await startTestApp({ env: { SWORD_DISCOVERY: 'on', SWORD_PATH: SYSTEM_SWORD } });
  }, 300_000);
  afterAll(() => study?.stop());
  const askStudy = async (payload: Record<string, unknown>) =>
    (await study.server.inject({ method: 'POST', url: '/api/ai/ask', headers: { host: 'localhost' }, payload })).json() as AskReply;

  it('answers "Why does it say only begotten?" about John 3:16 under headings: the text, the key word, the commentaries, the passages that explain it', async () => {
    const reply = await askStudy({ question: 'Why does it say only begotten?', reference: 'John 3:16', translation: 'KJV' });
    const headings = [...reply.response.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(['What John 3:16 says', 'What its key words mean', 'What the commentaries say', 'Passages that explain it']);
    expect(reply.response).toContain('**John 3:16** — “For God so loved the world, that he gave his only begotten Son');
    // The word the question names comes first, from the Greek lexicon.
    expect(reply.response).toMatch(
      /### What its key words mean\n\n- \*\*only begotten\*\* — μονογενής \(monogenḗs, G3439\): only-born, i\.e\. sole; in the KJV: only \(begotten, child\)\./,
    );
    expect(reply.response).toContain("_Strong's Greek Dictionary of Bible Words, Public Domain_");
    expect(reply.response).toMatch(
      /From Matthew Henry's Concise Commentary on the Whole Bible \(Public Domain\), on John 3:\d+:\n\n> .*whoever believes in Christ, shall not perish/,
    );
    // Every installed commentary with an entry on the verse, each named with its licence.
    expect(reply.response).toContain('From Scofield Reference Notes, 1917 Edition (Public Domain), on John 3:16:');
    expect(reply.response).toMatch(/\*\*John 1:14\*\* — “.*”\n\n_It also speaks of \*\*only begotten\*\*, as John 3:16 does\._/);
    expect(reply.response).not.toContain('It finds and quotes');
    expect(reply.sources).toBe(
      "From Scripture, Matthew Henry's Concise Commentary on the Whole Bible, Scofield Reference Notes, 1917 Edition, and Strong's Greek Dictionary of Bible Words; every reference checked",
    );
    expectHonest(reply);
    expect(reply.references.every((r) => r.status === 'verified')).toBe(true);
  });

  it('explains the words a question asks about with the lexicon, where no passage is named', async () => {
    const reply = await askStudy({ question: 'Why does it say only begotten?', translation: 'KJV' });
    const headings = [...reply.response.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(headings.slice(0, 2)).toEqual(['Where Scripture says “only begotten”', 'What its key words mean']);
    expect(reply.response).toMatch(/### What its key words mean\n\n- \*\*(only )?begotten\*\* — μονογενής \(monogenḗs, G3439\)/);
    // Only the words asked about: the passage's other words would be padding.
    expect(reply.response.split('### What its key words mean')[1]!.split('###')[0]!.match(/^- /gm)).toHaveLength(1);
    expect(reply.sources).toContain("Strong's Greek Dictionary of Bible Words");
    expectHonest(reply);
  });

  it('picks the passage’s rarest words when the question names none, at most three', async () => {
    const reply = await askStudy({ question: 'What does John 3:16 mean?', translation: 'KJV' });
    const words = reply.response
      .split('### What its key words mean')[1]!
      .split('###')[0]!
      .match(/^- \*\*[^*]+\*\*/gm);
    // Rarest first in the KJV: G3439 (9 verses), G166, G622.
    expect(words).toEqual(['- **only begotten**', '- **everlasting**', '- **perish**']);
  });

  it('leaves out the key words where the translation has no Strong’s numbers, never padding', async () => {
    const reply = await askStudy({ question: 'Explain Romans 8:28', translation: 'ASV' });
    const headings = [...reply.response.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(['What Romans 8:28 says', 'What the commentaries say', 'Passages that explain it']);
    expect(reply.sources).toMatch(/^From Scripture,? (and )?Matthew Henry's Concise Commentary on the Whole Bible( and .*)?; every reference checked$/);
    expect(reply.sources).not.toContain('Strong');
  });
});

describe('a passage answer with no study sources installed', () => {
  // An app of its own: on PostgreSQL the apps started by the describes above emptied the tables under the first one.
  let bare: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    bare = await startTestApp();
  }, 300_000);
  afterAll(() => bare.stop());

  it('says what the passage says and which passages explain it, and nothing about lexicons or commentaries', async () => {
    const res = await bare.server.inject({
      method: 'POST',
      url: '/api/ai/ask',
      headers: { host: 'localhost' },
      payload: { question: 'What does John 3:16 mean?', translation: 'KJV' },
    });
    const body = res.json() as AskReply;
    const headings = [...body.response.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(['What John 3:16 says', 'Passages that explain it']);
    expect(body.sources).toBe('From Scripture; every reference checked');
    expect(body.response).not.toContain('It finds and quotes');
  });
  it('answers a question about words of Scripture from the verses saying them, best known first', async () => {
    const ask = async (question: string) =>
      (
        await bare.server.inject({ method: 'POST', url: '/api/ai/ask', headers: { host: 'localhost' }, payload: { question, translation: 'KJV' } })
      ).json() as AskReply;
    const reply = await ask('Why does it say only begotten?');
    expect(reply.response).not.toContain('found no passage');
    const headings = [...reply.response.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(['Where Scripture says “only begotten”', 'Passages that explain it']);
    // The six verses saying it in the KJV; the answer opens with the one the cross-references point to most.
    const saying = ['John 1:14', 'John 1:18', 'John 3:16', 'John 3:18', 'Hebrews 11:17', '1 John 4:9'];
    const cited = reply.references.map((r) => r.reference);
    expect(cited[0]).toBe('John 1:14');
    expect(cited.slice(0, 4).every((r) => saying.includes(r!))).toBe(true);
    expect(reply.response.match(/_It says \*\*only begotten\*\* too\._/g)).toHaveLength(3);
    expectHonest(reply);

    const born = await ask('What does "born again" mean?');
    expect(born.response).toMatch(/^### Where Scripture says “born again”\n\n\*\*John 3:3\*\*/);
    expect(born.references.map((r) => r.reference)).toEqual(expect.arrayContaining(['John 3:3', 'John 3:7', '1 Peter 1:23']));
    // The phrase is named as the text writes it, never as typed: markup in a question stays out of the answer.
    const marked = await ask('What does "the [LORD](/) is my shepherd" mean?');
    expect(marked.response).toMatch(/^### Where Scripture says “The LORD is my shepherd”\n\n\*\*Psalms 23:1\*\*/);
    expect(marked.response).not.toContain('](/)');
    // A phrase the text does not have is not a passage: the question is answered as before.
    const missing = await ask('Why does it say the loving dragon?');
    expect(missing.response).not.toContain('Where Scripture says');
  });
});
