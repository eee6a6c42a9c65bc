import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../test/test-app.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
let port: number;

function get(path: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const { date: _d, connection: _c, 'keep-alive': _k, ...rest } = res.headers;
        resolve({ status: res.statusCode!, headers: rest, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe(`prepared public reads answered before Fastify, on ${databaseKind()}`, () => {
  beforeAll(async () => {
    app = await startTestApp();
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.server.address() as { port: number }).port;
  });
  afterAll(async () => app?.stop());

  it('answer exactly as the full path does: status, headers and bytes, in every encoding, 304 and HEAD', async () => {
    const paths = [
      '/api/bible/books',
      '/api/bible/translations/all',
      '/api/bible/translations/grouped',
      '/api/bible/available-books/WEB',
      '/api/bible/content/John/3',
      '/api/bible/content/John/3?translation=web',
      '/api/bible/content/1%20John/2?translation=KJV',
      '/api/bible/content/%20Psalms/23',
    ];
    const etag = String((await get('/api/bible/content/John/3', {})).headers.etag);
    const variants: [Record<string, string>, string?][] = [
      [{ 'accept-encoding': 'br' }],
      [{ 'accept-encoding': 'gzip' }],
      [{}],
      [{ 'accept-encoding': 'br', 'if-none-match': etag }],
      [{ 'accept-encoding': 'gzip' }, 'HEAD'],
    ];
    for (const path of paths) {
      for (const [headers, method] of variants) {
        const before = app.fastReadsServed();
        const fast = await get(path, headers, method);
        expect(app.fastReadsServed(), `${method ?? 'GET'} ${path} took the fast path`).toBe(before + 1);
        // A forwarded protocol sends the same request through Fastify (the test app trusts its proxy).
        const full = await get(path, { ...headers, 'x-forwarded-proto': 'http' }, method);
        expect(app.fastReadsServed()).toBe(before + 1);
        expect(fast, `${method ?? 'GET'} ${path} ${JSON.stringify(headers)}`).toEqual(full);
      }
    }
  });

  it('leave everything else to Fastify: errors, unknown hosts, odd queries, other routes', async () => {
    const before = app.fastReadsServed();
    for (const [path, headers] of [
      ['/api/bible/content/Hezekiah/1', {}],
      ['/api/bible/content/John/99', {}],
      ['/api/bible/content/John/0', {}],
      ['/api/bible/content/John/3?translation=NOPE', {}],
      ['/api/bible/content/John/3?translation=KJV&x=1', {}],
      ['/api/bible/content/%E0%A4%A/3', {}],
      ['/api/bible/content/a%00b/3', {}],
      ['/api/bible/available-books/NOPE', {}],
      ['/api/bible/content/John/3', { host: 'evil.example' }],
      ['/api/search?q=love', {}],
      ['/api/health', {}],
    ] as [string, Record<string, string>][]) {
      const res = await get(path, headers);
      expect(res.headers['content-type'], path).toContain('application/json');
    }
    expect(app.fastReadsServed()).toBe(before);
  });
});
