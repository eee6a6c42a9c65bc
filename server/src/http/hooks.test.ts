import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.ts';
import { guardInput } from './input-guard.ts';
import { NOT_JSON, TOO_DEEP, UNSAFE_TEXT } from '../lib/bounded-json.ts';
import { BAD_PROTOCOL, refuseUnknownHosts, requestOrigin, TrustedHosts, UNKNOWN_HOST } from './trusted-hosts.ts';

// A real Fastify with only these hooks, so each rule is seen on its own.
const app = Fastify({ trustProxy: true });
const hosts = new TrustedHosts({ allowedHosts: ['bible.lan'], listen: { host: '127.0.0.1', port: 3000 } });

beforeAll(async () => {
  registerErrorHandler(app);
  app.addHook('onRequest', refuseUnknownHosts(hosts));
  guardInput(app);
  app.post('/echo', async (req) => ({ body: req.body }));
  app.get('/echo/:id', async (req) => ({ params: req.params, query: req.query }));
  app.get('/origin', async (req) => ({ origin: requestOrigin(req, undefined), public: requestOrigin(req, 'https://bible.example.org') }));
  await app.ready();
});
afterAll(() => app.close());

const send = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: string) =>
  app.inject({ method, url, headers: { host: 'bible.lan', ...headers }, payload });

describe('the hooks every request passes', () => {
  it('answer only trusted hosts over http or https, and build links from them', async () => {
    expect((await send('GET', '/origin')).json()).toEqual({ origin: 'http://bible.lan', public: 'https://bible.example.org' });
    expect((await send('GET', '/origin', { host: 'BIBLE.lan:8080', 'x-forwarded-proto': 'https' })).json().origin).toBe('https://bible.lan:8080');
    expect((await send('GET', '/origin', { host: '127.0.0.1:3000' })).statusCode).toBe(200);
    expect((await send('GET', '/origin', { host: 'evil.example' })).json()).toEqual({ message: UNKNOWN_HOST });
    expect((await send('GET', '/origin', { 'x-forwarded-host': 'evil.example' })).statusCode).toBe(400);
    expect((await send('GET', '/origin', { 'x-forwarded-proto': 'ftp' })).json()).toEqual({ message: BAD_PROTOCOL });
  });

  it('parse JSON bodies within their depth, and say why a body is refused', async () => {
    const json = { 'content-type': 'application/json' };
    expect((await send('POST', '/echo', json, '{"a":[1,{"b":"c"}]}')).json()).toEqual({ body: { a: [1, { b: 'c' }] } });
    expect((await send('POST', '/echo', json, '['.repeat(40) + ']'.repeat(40))).json()).toEqual({ message: TOO_DEEP });
    expect((await send('POST', '/echo', json, '{"a":')).json()).toEqual({ message: NOT_JSON });
    expect((await send('POST', '/echo', json, '')).json()).toEqual({ message: NOT_JSON });
    expect((await send('POST', '/echo', json, '{"__proto__":{"x":1}}')).json()).toEqual({ message: NOT_JSON });
  });

  it('refuse text that cannot be stored, wherever it is', async () => {
    const json = { 'content-type': 'application/json' };
    expect((await send('POST', '/echo', json, '{"a":"b\\u0000"}')).json()).toEqual({ message: UNSAFE_TEXT });
    expect((await send('POST', '/echo', json, '{"a":["\\ud800"]}')).json()).toEqual({ message: UNSAFE_TEXT });
    expect((await send('GET', '/echo/a%00b')).json()).toEqual({ message: UNSAFE_TEXT });
    expect((await send('GET', '/echo/x?q=a%00')).json()).toEqual({ message: UNSAFE_TEXT });
    expect((await send('GET', '/echo/x?q=fine')).json()).toEqual({ params: { id: 'x' }, query: { q: 'fine' } });
  });
});
