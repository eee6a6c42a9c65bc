import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_PRESETS } from '#common/pictures/rules.ts';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../app.ts';
import { databaseKind } from '../../../test/test-app.ts';
import { startTwoApps, type TwoApps } from '../../../test/two-apps.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { signUpVerified } from '../../../test/accounts.ts';
import { WEB_DIST } from '../../../test/web-build.ts';
import { NEW_PAGES_PER_MINUTE } from '../../modules/web/web.routes.ts';

/**
 * Every limit is counted where all of a site's processes see it, and taken atomically: requests sent to
 * two apps on one database at once (two processes behind one proxy) get exactly the limit between them.
 * Each request also names an address of its own in X-Forwarded-For, as a client may: only the address
 * the proxy added (TRUST_PROXY=1), or the socket's (TRUST_PROXY off), counts.
 */
type Send = (app: App, i: number, headers: Record<string, string>) => Promise<LightMyRequestResponse>;

/** `n` requests in flight at once, alternately to each app, all from `address` as the proxy saw it. */
async function burst(apps: readonly [App, App], n: number, address: string | null, send: Send) {
  const replies = await Promise.all(
    Array.from({ length: n }, (_, i) => {
      const forged = `10.${i % 250}.${Math.floor(i / 250)}.9`;
      const headers = { 'x-forwarded-for': address ? `${forged}, ${address}` : forged, 'x-real-ip': forged };
      return send(apps[i % 2]!, i, headers);
    }),
  );
  const statuses: Record<number, number> = {};
  for (const r of replies) statuses[r.statusCode] = (statuses[r.statusCode] ?? 0) + 1;
  return { statuses, messages: new Set(replies.filter((r) => r.statusCode === 429).map((r) => r.json<{ message: string }>().message)) };
}

const post = (app: App, url: string, payload: unknown, headers: Record<string, string>) =>
  app.server.inject({ method: 'POST', url, payload: payload as never, headers: { host: 'selah.test', origin: 'http://selah.test', ...headers } });

describe(`limits held across two processes behind one proxy (TRUST_PROXY=1), on ${databaseKind()}`, () => {
  let two: TwoApps;
  let apps: [App, App];
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  beforeAll(async () => {
    inbox = await startInbox();
    two = await startTwoApps({ env: { AI_RATE_LIMIT: '5', IMAGE_RATE_LIMIT: '4', WEB_DIST, SMTP_URL: inbox.url, CONTACT_EMAIL: 'team@selah.test' } });
    apps = two.apps;
  });
  afterAll(async () => {
    await two?.stop();
    await inbox?.stop();
  });

  it('answers AI questions AI_RATE_LIMIT times an hour from one address, however many processes are asked at once', async () => {
    const result = await burst(apps, 12, '198.51.100.1', (app, _i, headers) => post(app, '/api/ai/ask', { question: 'peace' }, headers));
    expect(result).toEqual({
      statuses: { 200: 5, 429: 7 },
      messages: new Set(['That is 5 questions to the AI in the last hour, the most allowed. Please ask again in 60 minutes.']),
    });
  });

  it('makes IMAGE_RATE_LIMIT pictures an hour for one address', async () => {
    const kjv = apps[0].bible.translation('KJV');
    const verseText = apps[0].bible
      .passageVerses(kjv, apps[0].bible.reference('John 3:16'))
      .map((v) => v.text)
      .join(' ');
    const [ocean] = SHARE_PRESETS;
    const result = await burst(apps, 8, '198.51.100.9', (app, _i, headers) =>
      post(
        app,
        '/api/shared-verses/generate-graphic',
        { verseText, reference: 'John 3:16', translation: 'KJV', fontStyle: 'classic', backgroundColor: ocean!.background, textColor: ocean!.text },
        headers,
      ),
    );
    expect(result).toEqual({
      statuses: { 200: 4, 429: 4 },
      messages: new Set(['You have made 4 pictures in the last hour. Please try again in 60 minutes.']),
    });
  });

  it('takes 3 contact messages an hour from one address', async () => {
    const result = await burst(apps, 8, '198.51.100.2', (app, i, headers) =>
      post(app, '/api/contact', { name: 'Lydia', email: 'lydia@example.org', message: `Message number ${i} about the site.` }, headers),
    );
    expect(result).toEqual({ statuses: { 200: 3, 429: 5 }, messages: new Set(['You have sent several messages already. Please try again in 60 minutes.']) });
  });

  it('takes 5 newsletter sign-ups an hour from one address', async () => {
    const result = await burst(apps, 10, '198.51.100.3', (app, i, headers) =>
      post(app, '/api/newsletter/subscribe', { email: `reader${i}@example.org` }, headers),
    );
    expect(result).toEqual({ statuses: { 200: 5, 429: 5 }, messages: new Set(['Too many sign-ups from here. Please try again in 60 minutes.']) });
  });

  it('makes the prayer’s picture again 10 times an hour for one address', async () => {
    const result = await burst(apps, 14, '198.51.100.4', (app, _i, headers) =>
      post(app, '/api/generated-images/generate', { prayerId: 'no-such-prayer' }, headers),
    );
    expect(result).toEqual({
      statuses: { 404: 10, 429: 4 },
      messages: new Set(['The picture was made again many times from here. Please try again in 60 minutes.']),
    });
  });

  it('moves a guest’s reading history into an account 3 times a day', async () => {
    const member = await signUpVerified(apps[0], inbox, 'jesse@example.org', undefined, '198.51.100.5');
    const cookie = member.cookie;
    const result = await burst(apps, 6, '198.51.100.6', (app, _i, headers) =>
      post(app, '/api/progress/import', { chapters: [], days: [] }, { ...headers, cookie }),
    );
    expect(result).toEqual({ statuses: { 200: 3, 429: 3 }, messages: new Set(['Your reading history was moved in already today. Try again in 24 hours.']) });
  });

  it('renders NEW_PAGES_PER_MINUTE new pages a minute for one address', async () => {
    const result = await burst(apps, NEW_PAGES_PER_MINUTE + 20, '198.51.100.7', (app, i, headers) =>
      app.server.inject({ method: 'GET', url: `/search?q=across${i}`, headers: { host: 'selah.test', ...headers } }),
    );
    expect(result.statuses).toEqual({ 200: NEW_PAGES_PER_MINUTE, 429: 20 });
    expect([...result.messages].every((m) => /^Too many pages at once\. Please wait \d+ seconds and try again\.$/.test(m))).toBe(true);
  });

  it('lets 10 sign-in attempts a minute through from one address', async () => {
    // A different account each time, so only the per-address limit can answer 429.
    const result = await burst(apps, 16, '198.51.100.8', (app, i, headers) =>
      post(app, '/api/auth/sign-in/email', { email: `stranger${i}@example.org`, password: 'not the password' }, headers),
    );
    expect(result.statuses).toEqual({ 401: 10, 429: 6 });
  });
});

describe(`limits held across two processes with no proxy trusted (the default), on ${databaseKind()}`, () => {
  let two: TwoApps;
  beforeAll(async () => {
    two = await startTwoApps({ importDefaults: false, env: { TRUST_PROXY: 'off' } });
  });
  afterAll(() => two?.stop());

  it('counts contact messages by the connection’s address, whatever X-Forwarded-For claims', async () => {
    const result = await burst(two.apps, 8, null, (app, i, headers) =>
      post(app, '/api/contact', { name: 'Lydia', email: 'lydia@example.org', message: `Message number ${i} about the site.` }, headers),
    );
    expect(result.statuses).toEqual({ 200: 3, 429: 5 });
  });

  it('counts sign-in attempts by the connection’s address, whatever X-Forwarded-For claims', async () => {
    const result = await burst(two.apps, 14, null, (app, i, headers) =>
      post(app, '/api/auth/sign-in/email', { email: `stranger${i}@example.org`, password: 'not the password' }, headers),
    );
    expect(result.statuses).toEqual({ 401: 10, 429: 4 });
  });
});
