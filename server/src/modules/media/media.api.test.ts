import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'selah-media-'));
const file = Buffer.alloc(3000, 7);
const url = '/media/audio/kjv-ps-117-0123456789abcdef0123.mp3';
let app: Awaited<ReturnType<typeof startTestApp>>;
let origin: string;

/** A request over a real socket: Fastify answers HEAD there differently from inject. */
const overSocket = (method: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${origin}${url}`, { method, headers: { host: 'localhost', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

describe(`HEAD on /media sizes the file, on ${databaseKind()}`, () => {
  beforeAll(async () => {
    mkdirSync(join(dataDir, 'media/audio'), { recursive: true });
    writeFileSync(join(dataDir, 'media', url.slice('/media/'.length)), file);
    app = await startTestApp({ env: { DATA_DIR: dataDir } });
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers HEAD with the whole file’s length and no body, through inject', async () => {
    const res = await app.server.inject({ method: 'HEAD', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(file.length));
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers HEAD with a range’s length on 206, through inject', async () => {
    const res = await app.server.inject({ method: 'HEAD', url, headers: { range: 'bytes=100-349' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-length']).toBe('250');
    expect(res.headers['content-range']).toBe(`bytes 100-349/${file.length}`);
    expect(res.rawPayload.length).toBe(0);
  });

  it('answers HEAD over a real socket with the real lengths, 200 and 206, and GET still sends the bytes', async () => {
    const whole = await overSocket('HEAD');
    expect(whole.status).toBe(200);
    expect(whole.headers['content-length']).toBe(String(file.length));
    expect(whole.body.length).toBe(0);
    const part = await overSocket('HEAD', { range: 'bytes=-40' });
    expect(part.status).toBe(206);
    expect(part.headers['content-length']).toBe('40');
    expect(part.headers['content-range']).toBe(`bytes ${file.length - 40}-${file.length - 1}/${file.length}`);
    expect(part.body.length).toBe(0);
    const get = await overSocket('GET', { range: 'bytes=0-9' });
    expect(get.status).toBe(206);
    expect(get.headers['content-length']).toBe('10');
    expect(get.body.equals(file.subarray(0, 10))).toBe(true);
  });
});
