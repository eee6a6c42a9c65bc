import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES } from '#common/study/export.ts';
import { databaseKind, startTestApp } from '../../test/test-app.ts';
import { Browser, HOST, ORIGIN } from '../../test/accounts.ts';
import { LENGTH_REQUIRED } from './upload-gate.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
let port: number;
const sockets: Socket[] = [];

const MB = 1024 * 1024;
const BUSY = 'The server is busy with other imports. Please try again in a minute.';
const TOO_LARGE = `This file is too large to import (the limit is ${IMPORT_MAX_BYTES / MB} MB).`;
/** What a client sends of its body before it waits: a sliver of what it declares. */
const SLIVER = 64 * 1024;

interface Held {
  /** The answer, read while the client still holds the rest of its body. */
  answer: Promise<{ status: number; message: string; connection: string }>;
  /** Settles when the server hangs up. */
  hungUp: Promise<void>;
  socket: Socket;
}

/**
 * An upload over a real socket that sends its headers and the first 64 KB of its body, then holds the
 * rest back: whatever answer comes, comes without the rest.
 */
function heldUpload(method: string, path: string, headers: Record<string, string>): Held {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined); // the server may reset a connection it hung up on
  const head = [`${method} ${path} HTTP/1.1`, `host: ${HOST}`, `origin: ${ORIGIN}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  const chunked = headers['transfer-encoding'] === 'chunked';
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  socket.write(chunked ? `${SLIVER.toString(16)}\r\n${'{'.repeat(SLIVER)}\r\n` : '{'.repeat(SLIVER));
  let received = '';
  const hungUp = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const answer = new Promise<{ status: number; message: string; connection: string }>((resolve, reject) => {
    const read = () => {
      const split = received.indexOf('\r\n\r\n');
      if (split < 0) return false;
      const head = received.slice(0, split);
      const length = Number(/^content-length:\s*(\d+)/im.exec(head)?.[1]);
      const body = received.slice(split + 4);
      if (Buffer.byteLength(body) < length) return false;
      resolve({
        status: Number(received.split(' ')[1]),
        message: (JSON.parse(body) as { message: string }).message,
        connection: /^connection:\s*(\S+)/im.exec(head)?.[1] ?? '',
      });
      return true;
    };
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      read();
    });
    socket.once('close', () => read() || reject(new Error(`the server hung up without an answer: ${received.slice(0, 200)}`)));
  });
  answer.catch(() => undefined); // a held upload the test ends itself has no answer to wait for
  return { answer, hungUp, socket };
}

/** The answer, and that the server hung up rather than read the rest; the client sent only its sliver. */
async function refusedEarly(held: Held) {
  // A bound, not a wait: a server that reads the rest of the body never answers or hangs up on its own.
  const deadline = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no refusal while the body was held back')), 15_000).unref());
  const answer = await Promise.race([held.answer, deadline]);
  // The answer tells the client to stop sending, and the server hangs up rather than read the rest.
  expect(answer.connection).toBe('close');
  await Promise.race([held.hungUp, deadline]);
  expect(held.socket.bytesWritten).toBeLessThan(SLIVER + 4096);
  return { status: answer.status, message: answer.message };
}

async function until(check: () => boolean) {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

describe(`uploads refused on their headers, before their body is read, on ${databaseKind()}`, () => {
  beforeAll(async () => {
    app = await startTestApp();
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.server.address() as { port: number }).port;
  }, 180_000);
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await app?.stop();
  });

  it('refuses an import too large for its limit, or without a declared size, at once and hangs up', async () => {
    const json = { 'content-type': 'application/json' };
    expect(await refusedEarly(heldUpload('POST', '/api/study/import', { ...json, 'content-length': String(IMPORT_MAX_BYTES + 1) }))).toEqual({
      status: 413,
      message: TOO_LARGE,
    });
    expect(await refusedEarly(heldUpload('POST', '/api/study/import', { ...json, 'transfer-encoding': 'chunked' }))).toEqual({
      status: 413,
      message: LENGTH_REQUIRED,
    });
  });

  it('refuses an upload that needs a session it does not carry, at once and hangs up', async () => {
    const picture = { 'content-type': 'image/png', 'content-length': String(MB + 1) };
    const avatar = await refusedEarly(heldUpload('PUT', '/api/profile/avatar', picture));
    expect(avatar.status).toBe(401);
    const hero = await refusedEarly(heldUpload('PUT', '/api/admin/lessons/some-lesson/hero', { ...picture, 'content-length': String(7 * MB) }));
    expect(hero.status).toBe(401);
    const author = await refusedEarly(heldUpload('PUT', '/api/admin/authors/some-author/picture', { ...picture, 'content-length': String(7 * MB) }));
    expect(author.status).toBe(401);
  });

  it('tells the fifth and sixth of six 24 MB imports at once that the server is busy, before they send their files', async () => {
    const upload = () => heldUpload('POST', '/api/study/import', { 'content-type': 'application/json', 'content-length': String(24 * MB) });
    // One checked and three waiting fill the import queue; each takes its place on its headers.
    const first = Array.from({ length: 4 }, upload);
    await until(() => app.importsInFlight() === 4);
    const [fifth, sixth] = await Promise.all([refusedEarly(upload()), refusedEarly(upload())]);
    expect(fifth).toEqual({ status: 503, message: BUSY });
    expect(sixth).toEqual({ status: 503, message: BUSY });
    expect(app.importsInFlight()).toBe(4);
    // Uploads that end (here: the browser gives up) give their places back; the next import goes through.
    for (const held of first) held.socket.destroy();
    await until(() => app.importsInFlight() === 0);
    const res = await new Browser(app).request('POST', '/api/study/import', { format: 'selah-study-export', version: 1, notes: [], highlights: [] });
    expect(res.statusCode, res.body).toBe(200);
  });
});
