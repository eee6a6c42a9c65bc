import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { kjvVerse } from '../../../test/kjv-text.ts';
import { WEB_DIST } from '../../../test/web-build.ts';

/**
 * The web app's server build is loaded once per process, and a page's reads go to the app that renders
 * it. A process running two apps (as the API tests do, one "process" beside another) once sent every
 * render's reads to the app loaded last: a page of the first showed the second's data, and failed once
 * the second stopped.
 */
describe(`a page's reads, with two apps in one process (${databaseKind()})`, () => {
  let first: Awaited<ReturnType<typeof startTestApp>>;
  let second: Awaited<ReturnType<typeof startTestApp>> | undefined;
  beforeAll(async () => {
    first = await startTestApp({ env: { WEB_DIST } });
    // Loaded last, and holding no translation at all.
    second = await startTestApp({ importDefaults: false, env: { WEB_DIST } });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  const render = (app: typeof first, url: string) => app.server.inject({ method: 'GET', url, headers: { host: 'localhost' } });
  // The chapter's text as the page writes it (an apostrophe is escaped in HTML).
  const inPage = (reference: string) => kjvVerse(reference).split(' ').slice(0, 6).join(' ');

  it('go to the app rendering it, whichever app was loaded last', async () => {
    const page = await render(first, '/bible?book=John&chapter=3&translation=KJV');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(inPage('John 3:16'));
    const empty = await render(second!, '/bible?book=John&chapter=3&translation=KJV');
    expect(empty.body).not.toContain(inPage('John 3:16'));
  });

  it('still go to it once the other app has stopped', async () => {
    await second!.stop();
    second = undefined;
    const page = await render(first, '/bible?book=Romans&chapter=8&translation=KJV');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(inPage('Romans 8:28'));
  });
});
