import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProgram, freePort, startAppProcess, type AppProcess } from './deploy-processes.ts';
import { startOpenAiServer } from './openai-server.ts';
import { resetSharedTestDatabase } from './test-app.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const SITE_FILE = join(ROOT, 'deploy/nginx-selah.conf');
const NGINX = findProgram('nginx');
const STREAMED_QUESTION = 'What is grace, streamed?';
const databaseEnv: Record<string, string> = process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {};

/** The shipped site file with this test's ports: the same lines a self-hoster copies, only the addresses differ. */
function siteFile(listen: number, upstreams: [number, number]): string {
  const shipped = readFileSync(SITE_FILE, 'utf8');
  const templated = shipped
    .replace('listen 80;', `listen 127.0.0.1:${listen};`)
    .replace('server 127.0.0.1:3001 ', `server 127.0.0.1:${upstreams[0]} `)
    .replace('server 127.0.0.1:3002 ', `server 127.0.0.1:${upstreams[1]} `);
  // Each line the test changes must be there, or it would test some other file.
  expect(templated.match(new RegExp(`127\\.0\\.0\\.1:(${listen}|${upstreams[0]}|${upstreams[1]})`, 'g'))?.length).toBe(3);
  return templated;
}

/** nginx's main file around the site file, everything nginx writes kept in `prefix`. */
function mainFile(prefix: string): string {
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, 'tmp', dir), { recursive: true });
  return [
    // As root the workers would run as nobody, who may not write in this test's folder.
    process.getuid?.() === 0 ? 'user root;' : '',
    'daemon off;',
    'worker_processes 1;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((dir) => `  ${dir === 'body' ? 'client_body' : dir}_temp_path ${prefix}/tmp/${dir};`),
    `  include ${prefix}/selah.conf;`,
    '}',
  ].join('\n');
}

/** Reads a server-sent-events reply until `until` says a frame is enough. */
async function readEvents(res: Response, until: (events: { event: string; data: unknown }[]) => boolean) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: unknown }[] = [];
  let buffered = '';
  while (!until(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const frame = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const event = /^event: (.*)$/m.exec(frame)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      events.push({ event, data: data === undefined ? undefined : JSON.parse(data) });
    }
  }
  return { events, reader };
}

describe.skipIf(!NGINX)(`the shipped nginx site file in front of two app processes${NGINX ? '' : ' (skipped: nginx is not installed)'}`, () => {
  let prefix: string;
  let proxy: string;
  let nginx: ChildProcess | undefined;
  const apps: AppProcess[] = [];
  let release!: () => void;
  const modelMayGoOn = new Promise<void>((resolve) => (release = resolve));
  let model: Awaited<ReturnType<typeof startOpenAiServer>>;

  beforeAll(async () => {
    await resetSharedTestDatabase();
    // The streamed question's answer waits after its first word until the test has seen that word through nginx.
    model = await startOpenAiServer(({ body }) =>
      body.messages.some((m) => m.content.includes(STREAMED_QUESTION))
        ? { text: 'Grace and peace (John 1:17).', restAfter: modelMayGoOn }
        : { text: 'Peace (John 14:27).' },
    );
    const [listen, first, second] = [await freePort(), await freePort(), await freePort()];
    const common = {
      ...databaseEnv,
      ALLOWED_HOSTS: '127.0.0.1',
      AUTH_SECRET: 'deploy-test-secret-deploy-test-secret-0123',
      LOG_REQUESTS: 'on',
      LOG_LEVEL: 'warn',
      AI_RATE_LIMIT: '1',
      AI_BASE_URL: model.url,
      AI_MODEL: 'test-model',
      AI_DISCOVER_PORTS: 'off',
    };
    // Both settings the docs name for a proxy on the same machine: a hop count, and the proxy's address.
    // One at a time: starting together on one new database is another part of issue 32.
    apps.push(await startAppProcess(first, { ...common, TRUST_PROXY: '1' }));
    apps.push(await startAppProcess(second, { ...common, TRUST_PROXY: '127.0.0.1' }));

    prefix = mkdtempSync(join(tmpdir(), 'selah-nginx-'));
    writeFileSync(join(prefix, 'selah.conf'), siteFile(listen, [first, second]));
    writeFileSync(join(prefix, 'nginx.conf'), mainFile(prefix));
    const checked = spawnSync(NGINX!, ['-t', '-p', prefix, '-c', join(prefix, 'nginx.conf')], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`nginx refused the site file:\n${checked.stderr}`);
    nginx = spawn(NGINX!, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    proxy = `http://127.0.0.1:${listen}`;
    const until = Date.now() + 20_000;
    for (;;) {
      try {
        await fetch(`${proxy}/api/health`);
        break;
      } catch (error) {
        if (Date.now() > until) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }, 400_000);

  afterAll(async () => {
    release?.();
    if (nginx && nginx.exitCode === null) {
      const ended = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await ended;
    }
    await Promise.all(apps.map((app) => app.stop()));
    await model?.stop();
    if (prefix) rmSync(prefix, { recursive: true, force: true });
  }, 60_000);

  it('serves pages and the API through nginx from both processes, and keeps /metrics off the public site', async () => {
    const page = await fetch(`${proxy}/bible?book=John&chapter=3`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('For God so loved the world');
    for (let i = 0; i < 4; i++) {
      const chapter = await fetch(`${proxy}/api/bible/content/John/11?translation=WEB`);
      expect(chapter.status).toBe(200);
      expect(((await chapter.json()) as { verses: { text: string }[] }).verses[34]?.text).toBe('Jesus wept.');
    }
    expect((await fetch(`${proxy}/metrics`)).status).toBe(404);
    // Each process wrote access-log lines: nginx shares the requests between them.
    for (const app of apps)
      expect(app.output().match(/"msg":"request".*"route":"\/api\/bible\/content\/:book\/:chapter"/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
  });

  it('passes the AI answer stream on as it is written, not once it ends', async () => {
    const res = await fetch(`${proxy}/api/ai/ask/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ question: STREAMED_QUESTION, translation: 'KJV' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    // The model holds back every word after the first until this draft has come through nginx: a
    // buffering proxy would hold the draft until the end, and the answer would never end.
    const { events, reader } = await readEvents(res, (seen) => seen.some((e) => e.event === 'draft'));
    expect(events.find((e) => e.event === 'draft')?.data).toEqual({ text: 'Grace ' });
    release();
    const rest: string[] = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest.push(new TextDecoder().decode(value));
    }
    expect(rest.join('')).toContain('event: done');
  });

  it('replaces a client’s forged X-Forwarded-For: every question counts against the one address nginx saw', async () => {
    // AI_RATE_LIMIT=1 per address. Were each forged address believed, every one of these would be answered.
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await fetch(`${proxy}/api/ai/ask`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i}`, forwarded: `for=203.0.113.${i}` },
        body: JSON.stringify({ question: `Who is the good shepherd? (${i})`, translation: 'KJV' }),
      });
      statuses.push(res.status);
    }
    // The stream before used one question of the address; each process counts at most one more on
    // its own (until limits are counted in the database), so at most 2 of the 6 are answered.
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(2);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(4);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    for (const app of apps) expect(app.output()).not.toContain('203.0.113');
  });
});
