import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../test/test-app.ts';

/** What a person could be known by; none of it may reach the access log. */
const PERSONAL = ['secretword', '203.0.113', 'secretcookie', 'person@example.org', 'secretquestion', '127.0.0.1', 'selah.test'];

async function listening(app: Awaited<ReturnType<typeof startTestApp>>): Promise<string> {
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
}

/** A reader's requests over real HTTP: a search, a prepared chapter, a question to the AI, an unknown path. */
async function readerRequests(base: string): Promise<void> {
  const personal = { cookie: 'reading-prefs=secretcookie', 'x-forwarded-for': '203.0.113.77', 'user-agent': 'person@example.org' };
  expect((await fetch(`${base}/api/search?q=secretword&translation=KJV`, { headers: personal })).status).toBe(200);
  expect((await fetch(`${base}/api/bible/content/John/3`, { headers: personal })).status).toBe(200);
  const asked = await fetch(`${base}/api/ai/ask`, {
    method: 'POST',
    headers: { ...personal, 'content-type': 'application/json' },
    body: JSON.stringify({ question: 'What is secretquestion about?', translation: 'KJV' }),
  });
  expect(asked.status).toBe(200);
  expect((await fetch(`${base}/api/no-such-thing?email=person@example.org`, { headers: personal })).status).toBe(404);
}

describe(`the access log (LOG_REQUESTS) on ${databaseKind()}`, () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    app = await startTestApp({ env: { LOG_REQUESTS: 'on' }, accessLog: (line) => lines.push(line) });
  });
  afterAll(() => app.stop());

  it('writes one line per request with its method, route pattern, status and time, and nothing personal', async () => {
    const base = await listening(app);
    lines.length = 0;
    await readerRequests(base);
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map(({ method, route, status }) => [method, route, status])).toEqual([
      ['GET', '/api/search', 200],
      ['GET', '/api/bible/content/:book/:chapter', 200],
      ['POST', '/api/ai/ask', 200],
      ['GET', '(not found)', 404],
    ]);
    for (const entry of entries) {
      // These fields and no others: no address, query, cookie, agent or account can slip in.
      expect(Object.keys(entry).sort()).toEqual(['level', 'method', 'ms', 'msg', 'route', 'status', 'time']);
      expect(entry.msg).toBe('request');
      expect(entry.ms).toBeGreaterThanOrEqual(0);
    }
    const written = lines.join('');
    for (const word of PERSONAL) expect(written).not.toContain(word);
  });
});

describe('the access log switched off (the default)', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    app = await startTestApp({ accessLog: (line) => lines.push(line) });
  });
  afterAll(() => app.stop());

  it('writes nothing', async () => {
    await readerRequests(await listening(app));
    expect(lines).toEqual([]);
  });
});
