import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type ChatRequest } from './openai-server.ts';
import { startSpeechServer } from './speech-server.ts';
import { STOPPING } from '../src/lib/stopped-by-closing.ts';
import { spawnServer, waitUntilUp, type ServerProcess } from './server-process.ts';
import { resetSharedTestDatabase } from './test-app.ts';

const DEADLINE_MS = 4_000;
// Exiting takes a moment past the deadline on a busy machine; without a deadline these waits were a minute or more.
const EXIT_SLACK_MS = 3_000;
const databaseEnv: Record<string, string> = process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {};

/** SIGTERM, then how long the process took to exit and with what, given up on (as 'still running') after 30 s. */
async function terminate(server: ServerProcess): Promise<{ ms: number; exit: number | string | null }> {
  const sent = performance.now();
  server.child.kill('SIGTERM');
  const exit = await Promise.race([server.exited, new Promise<string>((resolve) => setTimeout(resolve, 30_000, 'still running'))]);
  return { ms: performance.now() - sent, exit };
}

describe(`stopping a server process (SIGTERM) with SHUTDOWN_TIMEOUT_MS=${DEADLINE_MS}`, () => {
  const servers: ServerProcess[] = [];
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    for (const close of closers) await close();
  });

  const start = async (env: Record<string, string> = {}) => {
    await resetSharedTestDatabase();
    const server = await spawnServer({ ...databaseEnv, SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS), ...env });
    servers.push(server);
    await waitUntilUp(server);
    return server;
  };

  it('tells an AI answer still streaming to stop, ends its reply, and exits within the deadline', async () => {
    // The question's answer never comes; anything else asked of the model (the daily prayer) is answered.
    const asked = (request: ChatRequest) => request.body.messages[0]?.content.includes('Bible study assistant') ?? false;
    const model = await startOpenAiServer((request) => (asked(request) ? { hang: true } : { text: 'Lord, teach us to pray. Amen.' }));
    closers.push(model.stop);
    const server = await start({ AI_BASE_URL: model.url, AI_MODEL: 'stand-in' });
    // Read whole, or the reason it could not be (the connection was cut under it).
    const reply = fetch(`${server.url}/api/ai/ask/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'What is faith?' }),
    }).then(
      async (response) => ({ status: response.status, cut: false, text: await response.text() }),
      (error: Error) => ({ status: 0, cut: true, text: String(error.cause ?? error) }),
    );
    await expect.poll(() => model.requests.some(asked)).toBe(true); // the answer is being written: a request in flight

    const { ms, exit } = await terminate(server);
    expect(exit).toBe(0);
    expect(ms).toBeLessThan(DEADLINE_MS + EXIT_SLACK_MS);
    // The reply was ended by the app before the deadline cut connections: it reads whole, no reset.
    expect(await reply).toMatchObject({ status: 200, cut: false });
  });

  it('tells a passage still being read aloud to stop: its asker gets a 503 to try again, and the process exits within the deadline', async () => {
    // The speech service never answers the passage: the request stays in flight until the process stops it.
    const speech = await startSpeechServer();
    speech.state.hanging = true;
    closers.push(speech.close);
    const server = await start({ TTS_BASE_URL: speech.url, TTS_MODEL: 'stand-in', TTS_VOICE: 'stand-in' });
    const reply = fetch(`${server.url}/api/verse/audio`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reference: 'Psalm 117:1', text: 'the verse as shown', translation: 'KJV' }),
    }).then(
      async (response) => ({ status: response.status, cut: false, body: await response.text() }),
      (error: Error) => ({ status: 0, cut: true, body: String(error.cause ?? error) }),
    );
    await expect.poll(() => speech.requests.length).toBeGreaterThan(0); // being read aloud: a request in flight

    const { ms, exit } = await terminate(server);
    expect(exit).toBe(0);
    expect(ms).toBeLessThan(DEADLINE_MS + EXIT_SLACK_MS);
    expect(await reply).toEqual({ status: 503, cut: false, body: JSON.stringify({ message: STOPPING }) });
  });

  it('cuts a client still trickling its request body and exits within the deadline', async () => {
    const server = await start();
    const socket = connect(server.port, '127.0.0.1');
    let closedByServer = false;
    socket.on('close', () => (closedByServer = true));
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    // A body promised at 100 kB that comes a byte at a time: the request stays in flight as long as the client likes.
    await new Promise<void>((resolve) =>
      socket.write(`POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`, () =>
        resolve(),
      ),
    );
    const trickle = setInterval(() => socket.write(' '), 200);
    try {
      const { ms, exit } = await terminate(server);
      expect(exit).toBe(0);
      expect(ms).toBeLessThan(DEADLINE_MS + EXIT_SLACK_MS);
      await expect.poll(() => closedByServer).toBe(true);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  });
});
