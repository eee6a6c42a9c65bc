import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { WEB_DIST } from '../../../test/web-build.ts';

const SYSTEM = '/usr/share/sword';
const hasNave = existsSync(join(SYSTEM, 'mods.d', 'nave.conf'));

/** The /topics pages as the server renders them (the web app's real server build): their text, head data and statuses. */
describe.skipIf(!hasNave)(`topical index pages rendered on the server, on ${databaseKind()} (needs Debian sword-dict-naves)`, () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    app = await startTestApp({ env: { WEB_DIST, ALLOWED_HOSTS: 'bible.test' } });
    mkdirSync(join(app.libraryRoot, 'mods.d'), { recursive: true });
    cpSync(join(SYSTEM, 'mods.d', 'nave.conf'), join(app.libraryRoot, 'mods.d', 'nave.conf'));
    cpSync(join(SYSTEM, 'modules/lexdict/zld/nave'), join(app.libraryRoot, 'modules/lexdict/zld/nave'), { recursive: true });
  }, 300_000);
  afterAll(async () => app?.stop());

  async function page(url: string) {
    const res = await app.server.inject({ method: 'GET', url, headers: { host: 'bible.test' } });
    const html = res.body.replace(/&#x27;/g, "'").replace(/&amp;/g, '&');
    const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
    return {
      status: res.statusCode,
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
      description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
      canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
      robots: /<meta name="robots" content="([^"]*)"/.exec(html)?.[1],
      text: body
        .replace(/<script[\s\S]*?<\/script>/g, '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' '),
      html,
    };
  }

  it('renders the index with its title, description, letters and first topics; a search is not for indexing', async () => {
    const index = await page('/topics');
    expect(index.status).toBe(200);
    expect(index.title).toBe('Topical Index — Selah');
    expect(index.description).toMatch(/^Subjects of the Bible, A to Z/);
    expect(index.canonical).toBe('http://bible.test/topics');
    expect(index.robots).toBeUndefined();
    expect(index.text).toContain('5,320 topics, page 1 of 54');
    expect(index.html).toContain('href="/topics/aaron"');
    expect(index.html).toContain('href="/topics?letter=Z"');
    const searched = await page('/topics?q=peace');
    expect(searched.robots).toBe('noindex');
    expect(searched.text).toContain('4 topics matching “peace”');
    expect(searched.html).toContain('href="/topics/prince%20of%20peace"');
  });

  it('renders a topic with its headings, references linked to the reader with their text, and related topics; an unknown one is a 404', async () => {
    const topic = await page('/topics/forgiveness');
    expect(topic.status).toBe(200);
    expect(topic.title).toBe('Forgiveness — Topical Index — Selah');
    expect(topic.description).toBe("Forgiveness in Nave's Topical Bible: 46 Bible passages, on of enemies; instances of; of sins.");
    expect(topic.canonical).toBe('http://bible.test/topics/forgiveness');
    expect(topic.text).toContain("Nave's Topical Bible · Public Domain · 46 passages, verses in KJV");
    expect(topic.text).toContain('OF ENEMIES');
    expect(topic.text).toContain('Esau forgives Jacob');
    expect(topic.html).toContain('href="/bible?book=Exodus&chapter=23&verse=4&translation=KJV"');
    expect(topic.text).toContain("If thou meet thine enemy's ox");
    expect(topic.html).toContain('href="/topics/enemy"');
    expect(topic.text).toContain('Related topics');
    const missing = await page('/topics/no-such-topic');
    expect(missing.status).toBe(404);
    expect(missing.robots).toBe('noindex');
  });
});
