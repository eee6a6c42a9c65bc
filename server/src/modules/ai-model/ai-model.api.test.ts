import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiModelStatus, CuratedModel, DiscoveredServer, EngineChoice, ModelDownload } from '#common/contracts/ai-model.ts';
import type { AskReply } from '#common/contracts/ai.ts';
import { buildApp } from '../../app.ts';
import { users } from '../../db/schema.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';
import { modelListEntry, sha256Of, standInModelFile, startModelFileServer } from '../../../test/model-file-server.ts';
import { startOpenAiServer } from '../../../test/openai-server.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { databaseKind, startTestApp, testConfig } from '../../../test/test-app.ts';

type App = Awaited<ReturnType<typeof startTestApp>>;
// The models folder is beside the library's SWORD root, in the app's data folder.
const modelsOf = (app: App) => join(dirname(app.libraryRoot), 'models');
type Stoppable = Pick<App, 'server' | 'stop'>;

const PASSWORD = 'correct horse battery';
const FILE = standInModelFile();
const SHA = sha256Of(FILE);
const entry = (file: string, path: string, extra: Record<string, unknown> = {}) => modelListEntry(FILE, `Stand-in ${file}`, file, path, extra);

describe(`the admin panel's AI model (${databaseKind()})`, () => {
  let app: App;
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  let host: Awaited<ReturnType<typeof startModelFileServer>>;
  let llm: Awaited<ReturnType<typeof startOpenAiServer>>;
  let admin: Browser;
  let reader: Browser;
  let env: Record<string, string>;
  const others: Stoppable[] = [];
  const lists = mkdtempSync(join(tmpdir(), 'selah-model-list-'));

  /** Another process on the same database, with a data folder of its own. */
  async function anotherApp(): Promise<Stoppable> {
    if (process.env.TEST_DATABASE_URL) {
      const other = await startTestApp({ keepTables: true, importDefaults: false, env });
      others.push(other);
      return other;
    }
    // PGlite is in this process: the second app shares it, as a second process shares PostgreSQL.
    const dataDir = mkdtempSync(join(tmpdir(), 'selah-test-data-'));
    const built = await buildApp({ config: testConfig(dataDir, env), database: app.database, importDefaults: false, logger: false });
    const other = { server: built.server, stop: async () => (await built.server.close(), rmSync(dataDir, { recursive: true, force: true })) };
    others.push(other);
    return other;
  }

  async function adminOn(other: Stoppable): Promise<Browser> {
    const browser = new Browser(other as never, '10.31.0.1');
    const res = await browser.request('POST', '/api/auth/sign-in/email', { email: 'miriam@example.org', password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    return browser;
  }

  beforeAll(async () => {
    host = await startModelFileServer(FILE);
    llm = await startOpenAiServer(() => ({ text: 'Give your worries to God: “Casting all your care upon him; for he careth for you” (1 Peter 5:7).' }), {
      models: ['llama3.2:1b', 'qwen2.5:0.5b'],
    });
    const list = join(lists, 'models.json');
    writeFileSync(
      list,
      JSON.stringify([
        entry('small.gguf', 'ok/small.gguf'),
        entry('flaky.gguf', 'drop/flaky.gguf'),
        entry('wrong.gguf', 'ok/wrong.gguf', { sha256: 'a'.repeat(64) }),
        entry('slow.gguf', 'stall/slow.gguf'),
        entry('huge.gguf', 'ok/huge.gguf', { bytes: 10 ** 15 }),
      ]),
    );
    const llmPort = new URL(llm.url).port;
    env = { AI_MODEL_LIST: list, AI_MODEL_MIRROR: host.url, AI_DISCOVER_PORTS: `${llmPort},1`, SMTP_URL: '' };
    inbox = await startInbox();
    env.SMTP_URL = inbox.url;
    app = await startTestApp({ env });
    admin = await signUpVerified(app, inbox, 'miriam@example.org', PASSWORD, '10.31.0.1');
    await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'miriam@example.org'));
    reader = await signUpVerified(app, inbox, 'reuben@example.org', PASSWORD, '10.31.0.2');
  }, 300_000);

  afterAll(async () => {
    for (const other of others) await other.stop().catch(() => undefined);
    await app?.stop();
    await inbox?.stop();
    await host?.stop();
    await llm?.stop();
    rmSync(lists, { recursive: true, force: true });
  });

  const json = async <T>(as: Browser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, status = 200): Promise<T> => {
    const response = await as.request(method, path, body);
    expect(response.statusCode, response.body).toBe(status);
    return (response.body ? response.json() : undefined) as T;
  };
  const status = (as = admin) => json<AiModelStatus>(as, 'GET', '/api/admin/ai-model');

  /** Waits until the site's download is no longer running, however long a busy machine takes. */
  async function finished(as = admin): Promise<ModelDownload> {
    for (;;) {
      const { download } = await status(as);
      if (download && download.state !== 'running') return download;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('is for admins only: a guest gets 401, a signed-in reader 403', async () => {
    const guest = new Browser(app);
    expect((await guest.request('GET', '/api/admin/ai-model')).statusCode).toBe(401);
    for (const [method, path, body] of [
      ['GET', '/api/admin/ai-model', undefined],
      ['GET', '/api/admin/ai-model/curated', undefined],
      ['GET', '/api/admin/ai-model/servers', undefined],
      ['POST', '/api/admin/ai-model/download', { file: 'small.gguf' }],
      ['POST', '/api/admin/ai-model/download/cancel', undefined],
      ['PUT', '/api/admin/ai-model/engine', { kind: 'embedded' }],
      ['DELETE', '/api/admin/ai-model/models/small.gguf', undefined],
    ] as const) {
      const res = await reader.request(method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect((await status()).download).toBeNull();
  });

  it('lists the models with their size, licence, memory and speed, from the mirror', async () => {
    const { models } = await json<{ models: CuratedModel[] }>(admin, 'GET', '/api/admin/ai-model/curated');
    expect(models[0]).toEqual({
      name: 'Stand-in small.gguf',
      file: 'small.gguf',
      bytes: FILE.length,
      licence: 'Apache-2.0',
      memoryBytes: 900_000_000,
      wordsPerSecond: 9,
      url: `${host.url}/ok/small.gguf`,
      downloaded: false,
    });
    const { engine } = await status();
    expect(engine).toMatchObject({ kind: 'embedded', model: null });
  });

  it('refuses bad input with a message, never a 500', async () => {
    for (const body of [{ file: '../etc/passwd' }, { file: 'x.bin' }, {}]) {
      const res = await admin.request('POST', '/api/admin/ai-model/download', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    expect((await admin.request('POST', '/api/admin/ai-model/download', { file: 'absent.gguf' })).statusCode).toBe(404);
    expect((await admin.request('PUT', '/api/admin/ai-model/engine', { kind: 'local', file: 'small.gguf' })).statusCode).toBe(404);
    expect((await admin.request('PUT', '/api/admin/ai-model/engine', { kind: 'configured' })).json()).toEqual({
      message: 'The site’s settings name no language model: set AI_BASE_URL and AI_MODEL to choose it.',
    });
  });

  it('downloads a model into the data folder, with its progress in bytes, and checks its SHA-256', async () => {
    const started = await json<ModelDownload>(admin, 'POST', '/api/admin/ai-model/download', { file: 'small.gguf' }, 202);
    expect(started).toMatchObject({ file: 'small.gguf', state: 'running', bytesTotal: FILE.length });
    const done = await finished();
    expect(done).toMatchObject({ state: 'done', bytesDone: FILE.length, bytesTotal: FILE.length, message: 'Stand-in small.gguf is downloaded (3.1 MB).' });
    const file = join(modelsOf(app), 'small.gguf');
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(SHA);
    expect(existsSync(`${file}.part`)).toBe(false);
    expect((await status()).downloaded).toEqual([{ file: 'small.gguf', bytes: FILE.length, name: 'Stand-in small.gguf' }]);
    const { models } = await json<{ models: CuratedModel[] }>(admin, 'GET', '/api/admin/ai-model/curated');
    expect(models.find((m) => m.file === 'small.gguf')?.downloaded).toBe(true);
    expect((await admin.request('POST', '/api/admin/ai-model/download', { file: 'small.gguf' })).json()).toEqual({
      message: 'Stand-in small.gguf is already downloaded.',
    });
  });

  it('resumes with a Range request where a dropped connection stopped', async () => {
    await json(admin, 'POST', '/api/admin/ai-model/download', { file: 'flaky.gguf' }, 202);
    const done = await finished();
    expect(done.state, done.message ?? '').toBe('done');
    const asked = host.requests.filter((r) => r.url === '/drop/flaky.gguf');
    expect(asked).toHaveLength(2);
    expect(asked[0]!.range).toBeUndefined();
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(asked[1]!.range ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThan(FILE.length);
    expect(
      createHash('sha256')
        .update(readFileSync(join(modelsOf(app), 'flaky.gguf')))
        .digest('hex'),
    ).toBe(SHA);
  });

  it('refuses and deletes a file whose checksum is wrong', async () => {
    await json(admin, 'POST', '/api/admin/ai-model/download', { file: 'wrong.gguf' }, 202);
    const done = await finished();
    expect(done.state).toBe('failed');
    expect(done.message).toMatch(
      /^The downloaded file for Stand-in wrong\.gguf does not match the list’s checksum \(SHA-256 [0-9a-f]{12}…, expected aaaaaaaaaaaa…\): it was deleted\./,
    );
    const file = join(modelsOf(app), 'wrong.gguf');
    expect(existsSync(file) || existsSync(`${file}.part`)).toBe(false);
  });

  it('refuses a model larger than the free disk space, saying how much it needs', async () => {
    const res = await admin.request('POST', '/api/admin/ai-model/download', { file: 'huge.gguf' });
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toMatch(/^Not enough free disk space for Stand-in huge\.gguf: it needs 1,000,000 GB more and [\d.,]+ [MG]B is free\./);
    expect((await status()).download?.file).toBe('wrong.gguf');
  });

  it('runs one download for the site: of two asked at once on two processes, one runs and the other gets a 409', async () => {
    const second = await anotherApp();
    const secondAdmin = await adminOn(second);
    const [a, b] = await Promise.all([
      admin.request('POST', '/api/admin/ai-model/download', { file: 'slow.gguf' }),
      secondAdmin.request('POST', '/api/admin/ai-model/download', { file: 'slow.gguf' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json()).toEqual({ message: 'Stand-in slow.gguf is being downloaded: wait for it to finish, or cancel it, before asking for another.' });
    // Its progress reaches every process through the database.
    for (;;) {
      const { download } = await status(secondAdmin);
      if (download!.bytesDone > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const running = (await status()).download!;
    expect(running).toMatchObject({ file: 'slow.gguf', state: 'running', bytesTotal: FILE.length });
    // Cancelled from the process that does not run it: the one that does stops within a beat.
    const runner = a.statusCode === 202 ? app : second;
    const cancelIn = a.statusCode === 202 ? secondAdmin : admin;
    await json(cancelIn, 'POST', '/api/admin/ai-model/download/cancel');
    const done = await finished();
    expect(done).toMatchObject({ state: 'cancelled', message: 'The download of Stand-in slow.gguf was cancelled.' });
    if (runner === app) expect(existsSync(join(modelsOf(app), 'slow.gguf.part'))).toBe(false);
    expect((await admin.request('POST', '/api/admin/ai-model/download/cancel')).json()).toEqual({ message: 'No model is being downloaded.' });
  }, 60_000);

  it('finds an OpenAI-compatible server on this machine, and answers through the model chosen from it', async () => {
    const port = Number(new URL(llm.url).port);
    const { servers } = await json<{ servers: DiscoveredServer[] }>(admin, 'GET', '/api/admin/ai-model/servers');
    // Port 1 answers nothing: only the stand-in is listed.
    expect(servers).toEqual([{ port, baseUrl: `http://127.0.0.1:${port}/v1`, name: 'OpenAI-compatible server', models: ['llama3.2:1b', 'qwen2.5:0.5b'] }]);
    expect((await admin.request('PUT', '/api/admin/ai-model/engine', { kind: 'server', port, model: 'mistral' })).json()).toEqual({
      message: `The server on port ${port} has no model called mistral.`,
    });
    expect((await admin.request('PUT', '/api/admin/ai-model/engine', { kind: 'server', port: 9, model: 'x' })).statusCode).toBe(409);
    const chosen = await json<EngineChoice>(admin, 'PUT', '/api/admin/ai-model/engine', { kind: 'server', port, model: 'qwen2.5:0.5b' });
    expect(chosen).toMatchObject({ kind: 'server', model: 'qwen2.5:0.5b', baseUrl: `http://127.0.0.1:${port}/v1` });

    const asked = llm.requests.length;
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/ai/ask',
      headers: { host: 'localhost' },
      payload: { question: 'I am anxious', translation: 'KJV' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AskReply).engine).toBe('language-model');
    expect(llm.requests.slice(asked).map((r) => r.body.model)).toContain('qwen2.5:0.5b');
    expect((await status()).answers).toEqual({ 'language-model': 1 });
  }, 60_000);

  it('keeps the choice across a restart and for another process on the same database', async () => {
    await json(admin, 'PUT', '/api/admin/ai-model/engine', { kind: 'local', file: 'small.gguf' });
    const restarted = await anotherApp();
    const there = await status(await adminOn(restarted));
    expect(there.engine).toMatchObject({ kind: 'local', model: 'small.gguf', label: 'Stand-in small.gguf, run by this server' });
    // The other process's data folder has no copy of the model: its panel says why the embedded engine answers there.
    expect(there.engineError).toBe('Stand-in small.gguf is not in this server’s data folder: the embedded engine answers here.');
    // The chosen model cannot be removed from under it.
    expect((await admin.request('DELETE', '/api/admin/ai-model/models/small.gguf')).statusCode).toBe(409);
    await json(admin, 'PUT', '/api/admin/ai-model/engine', { kind: 'embedded' });
    expect((await status(await adminOn(restarted))).engine.kind).toBe('embedded');
    expect((await admin.request('DELETE', '/api/admin/ai-model/models/small.gguf')).statusCode).toBe(204);
    expect(existsSync(join(modelsOf(app), 'small.gguf'))).toBe(false);
  }, 60_000);
});
