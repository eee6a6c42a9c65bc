import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiModelStatus, ModelDownload } from '#common/contracts/ai-model.ts';
import type { AskReply } from '#common/contracts/ai.ts';
import { users } from '../../db/schema.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';
import { modelListEntry, startModelFileServer } from '../../../test/model-file-server.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { writeTinyModel } from '../../../test/tiny-gguf.ts';

/**
 * The whole local-model path as an admin takes it (issue 31 §2): the panel's download of a real GGUF
 * file (a tiny random-weights model the test writes), choosing it, a reader's question answered by it
 * through llama.cpp in its worker, the panel saying which engine answered, and switching back.
 */
describe(`a downloaded model chosen in the admin panel answers the AI (${databaseKind()})`, () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  let host: Awaited<ReturnType<typeof startModelFileServer>>;
  let admin: Browser;
  const folder = mkdtempSync(join(tmpdir(), 'selah-local-model-'));

  beforeAll(async () => {
    const model = readFileSync(writeTinyModel(join(folder, 'tiny.gguf')));
    host = await startModelFileServer(model);
    const list = join(folder, 'models.json');
    writeFileSync(list, JSON.stringify([modelListEntry(model, 'Tiny test model', 'tiny.gguf', 'ok/tiny.gguf')]));
    inbox = await startInbox();
    const env = {
      AI_MODEL_LIST: list,
      AI_MODEL_MIRROR: host.url,
      AI_DISCOVER_PORTS: 'off',
      // One thread and short answers: a busy two-core machine runs the random model quickly that way.
      AI_MODEL_THREADS: '1',
      AI_MODEL_MAX_TOKENS: '24',
      SMTP_URL: inbox.url,
    };
    app = await startTestApp({ env });
    admin = await signUpVerified(app, inbox, 'hannah@example.org', 'correct horse battery', '10.32.0.1');
    await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'hannah@example.org'));
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
    await host?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const status = async () => (await admin.request('GET', '/api/admin/ai-model')).json() as AiModelStatus;
  const ask = async () => {
    const res = await new Browser(app, '10.32.0.9').request('POST', '/api/ai/ask', { question: 'What does John 3:16 mean?', translation: 'KJV' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AskReply;
  };

  it('downloads the model, answers with it once chosen, says so in the panel, and stops it when another engine is chosen', async () => {
    expect((await admin.request('POST', '/api/admin/ai-model/download', { file: 'tiny.gguf' })).statusCode).toBe(202);
    let download: ModelDownload | null = null;
    await expect.poll(async () => (download = (await status()).download)?.state, { timeout: 120_000 }).toBe('done');
    expect(download).toMatchObject({ file: 'tiny.gguf', state: 'done' });

    const chosen = await admin.request('PUT', '/api/admin/ai-model/engine', { kind: 'local', file: 'tiny.gguf' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await expect.poll(async () => (await status()).local?.state, { timeout: 120_000 }).toBe('ready');

    const reply = await ask();
    expect(reply.engine).toBe('local-model');
    expect(reply.sources).toMatch(/^Written by Tiny test model, the AI model on this server, from Scripture/);
    expect(reply.response.length).toBeGreaterThan(0);
    const panel = await status();
    expect(panel.engine).toMatchObject({ kind: 'local', model: 'tiny.gguf' });
    expect(panel.local).toMatchObject({ model: 'Tiny test model', state: 'ready', running: 0, waiting: 0 });
    expect(panel.answers['local-model']).toBe(1);

    expect((await admin.request('PUT', '/api/admin/ai-model/engine', { kind: 'embedded' })).statusCode).toBe(200);
    expect((await ask()).engine).toBe('scripture-search');
    const after = await status();
    expect(after.local).toBeNull();
    expect(after.answers).toMatchObject({ 'local-model': 1, 'scripture-search': 1 });
  });
});
