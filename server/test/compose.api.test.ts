import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProgram, freePort } from './deploy-processes.ts';

/**
 * Issue 32 §2: the shipped Dockerfile and compose.yaml, built and run here. The app image is built from
 * the Dockerfile as a self-hoster builds it; PostgreSQL, the bucket and nginx are images made from
 * Debian's packages (server/test/docker/), since no image registry can be reached from this machine:
 * run server/test/docker/make-base-images.sh once to make their bases. Skipped where Docker does not
 * answer or the bases are not made (CI has neither: building the app image takes minutes).
 */
const run = promisify(execFile);
const ROOT = new URL('../..', import.meta.url).pathname;
const STAND_INS = new URL('./docker/', import.meta.url).pathname;
const BASES = ['selah-local/debian:bookworm', 'selah-local/node:20-bookworm-slim'];

const docker = findProgram('docker');
const dockerAnswers = docker !== undefined && spawnSync(docker, ['info'], { stdio: 'ignore' }).status === 0;
const basesMade = dockerAnswers && BASES.every((image) => spawnSync(docker!, ['image', 'inspect', image], { stdio: 'ignore' }).status === 0);
// Compose v2 (`docker compose`) or v1 (`docker-compose`): the file is written for both.
const compose: string[] | undefined = !basesMade
  ? undefined
  : spawnSync(docker!, ['compose', 'version'], { stdio: 'ignore' }).status === 0
    ? [docker!, 'compose']
    : findProgram('docker-compose')
      ? [findProgram('docker-compose')!]
      : undefined;
const skipReason = !dockerAnswers
  ? ' (skipped: no Docker daemon answers)'
  : !basesMade
    ? ' (skipped: run server/test/docker/make-base-images.sh first)'
    : !compose
      ? ' (skipped: neither docker compose nor docker-compose is installed)'
      : '';

describe.skipIf(skipReason !== '')(`the shipped Dockerfile and compose.yaml: PostgreSQL, a bucket, two app processes and nginx${skipReason}`, () => {
  const project = `selah-compose-${process.pid}`;
  let site: string;
  let env: NodeJS.ProcessEnv;
  const composeRun = (...args: string[]) =>
    run(compose![0]!, [...compose!.slice(1), '-p', project, '-f', `${ROOT}compose.yaml`, ...args], { env, cwd: ROOT, maxBuffer: 64 << 20 });
  /** What one app process answers at its own port, asked from inside the proxy's network (where only nginx can reach it). */
  const askProcess = async (service: 'app1' | 'app2', port: number, path: string) =>
    (
      await composeRun(
        'exec',
        '-T',
        service,
        'node',
        '-e',
        `fetch('http://127.0.0.1:${port}${path}').then(async (r) => console.log(r.status, await r.text()), (e) => console.log(0, String(e)))`,
      )
    ).stdout.trim();

  beforeAll(async () => {
    for (const standIn of ['postgres', 'bucket', 'nginx'])
      await run(docker!, ['build', '--network', 'host', '-q', '-t', `selah-local/stand-in-${standIn}`, `${STAND_INS}${standIn}`]);
    // Built as a self-hoster builds it, from the base a self-hoster's Docker would fetch (here made locally).
    await run(docker!, ['build', '--network', 'host', '-q', '--build-arg', `NODE_IMAGE=${BASES[1]}`, '-t', 'selah:latest', ROOT], { maxBuffer: 64 << 20 });
    const port = await freePort();
    site = `http://localhost:${port}`;
    env = {
      ...process.env,
      POSTGRES_IMAGE: 'selah-local/stand-in-postgres',
      MINIO_IMAGE: 'selah-local/stand-in-bucket',
      NGINX_IMAGE: 'selah-local/stand-in-nginx',
      SITE_PORT: String(port),
      POSTGRES_PASSWORD: 'compose-test-database-password',
      // The only key the S3 stand-in takes.
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      AUTH_SECRET: 'compose-test-secret-compose-test-secret-0',
      PUBLIC_URL: site,
      ALLOWED_HOSTS: 'localhost',
    };
    await composeRun('up', '-d', '--no-build');
    // (expect.poll is for tests, not their set-up.)
    for (const deadline = Date.now() + 300_000; ; await new Promise((resolve) => setTimeout(resolve, 1_000))) {
      if (
        (await fetch(`${site}/api/ready`).then(
          (r) => r.status,
          () => 0,
        )) === 200
      )
        break;
      if (Date.now() > deadline) throw new Error(`the site did not become ready:\n${(await composeRun('logs', '--no-color', '--tail', '60')).stdout}`);
    }
  }, 1_200_000);

  afterAll(async () => {
    if (!compose) return;
    const logs = await composeRun('logs', '--no-color', '--tail', '40').catch(() => ({ stdout: '' }));
    if (process.env.COMPOSE_TEST_LOGS) console.info(logs.stdout);
    await composeRun('down', '-v', '--timeout', '40').catch(() => undefined);
  }, 120_000);

  it('both app processes come up behind nginx, on one database and one bucket the app made', async () => {
    for (const [service, port] of [
      ['app1', 3001],
      ['app2', 3002],
    ] as const)
      expect(await askProcess(service, port, '/api/ready')).toBe('200 {"status":"ready"}');
    const home = await fetch(`${site}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html');
    const { stdout } = await composeRun('logs', '--no-color', 'app1', 'app2');
    expect(stdout.match(/imported KJV from/g)).toHaveLength(1);
    expect(stdout.match(/made the media bucket/g)?.length).toBeGreaterThanOrEqual(1);
  });

  it('makes a picture and serves it, whole and in ranges, out of the bucket through the proxy', async () => {
    const chapter = (await (await fetch(`${site}/api/bible/content/Psalms/117?translation=KJV`)).json()) as { verses: { text: string }[] };
    const made = await fetch(`${site}/api/verse-visualizations/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site },
      body: JSON.stringify({ reference: 'Psalm 117:1', verseText: chapter.verses[0]!.text, translation: 'KJV' }),
    });
    expect(made.status, await made.clone().text()).toBe(200);
    const { imageUrl } = (await made.json()) as { imageUrl: string };
    const whole = Buffer.from(await (await fetch(`${site}${imageUrl}`)).arrayBuffer());
    expect(whole.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const part = await fetch(`${site}${imageUrl}`, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(0, 100))).toBe(true);
  });

  it('counts a client by the address nginx saw, whatever X-Forwarded-For it writes', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const res = await fetch(`${site}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: site, 'x-forwarded-for': `203.0.113.${i + 1}` },
          body: JSON.stringify({ name: 'Lydia', email: 'lydia@example.org', message: `Message number ${i} about the site.` }),
        });
        await res.text();
        return res.status;
      }),
    );
    expect(statuses.sort()).toEqual([200, 200, 200, 429, 429]);
  });

  it('stops one app process gracefully (SIGTERM, exit 0) while the site goes on answering through the other', async () => {
    await composeRun('stop', '--timeout', '40', 'app1');
    const { stdout } = await run(docker!, ['inspect', '--format', '{{.State.ExitCode}}', `${project}_app1_1`, `${project}-app1-1`], { env }).catch(
      (error: { stdout: string }) => error,
    );
    expect(stdout.trim().split('\n').filter(Boolean)).toEqual(['0']);
    for (let i = 0; i < 4; i++) expect((await fetch(`${site}/api/bible/content/John/3?translation=KJV`)).status).toBe(200);
    await composeRun('start', 'app1');
    await expect.poll(() => askProcess('app1', 3001, '/api/ready'), { timeout: 120_000, interval: 1_000 }).toBe('200 {"status":"ready"}');
  });
});
