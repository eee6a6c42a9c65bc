import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../test/test-app.ts';
import { startInbox } from '../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../test/accounts.ts';

const UNSAFE = 'The request holds characters that cannot be stored (a null character or a broken Unicode sequence).';
const NUL = 'a\u0000b';
const LONE = 'a\uD800b';

describe(`text that cannot be stored, and bodies too deep to walk, on ${databaseKind()}`, () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  let member: Browser;

  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ importDefaults: false, env: { SMTP_URL: inbox.url } });
    member = await signUpVerified(app, inbox, 'dorcas@example.org', 'garments for widows', '10.5.0.1');
  });
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  it('refuses U+0000 and lone surrogates in every kind of text with one clear 400, storing nothing', async () => {
    const note = { type: 'freeform', content: 'ok', reference: 'John 3:16', title: 'ok' };
    const mark = { verse: 'JOHN.3.16', color: 'yellow', reference: 'John 3:16', text: 'ok' };
    const cases: [method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown][] = [];
    for (const bad of [NUL, LONE]) {
      cases.push(
        ['POST', '/api/notes', { ...note, content: bad }],
        ['POST', '/api/notes', { ...note, title: bad }],
        ['POST', '/api/highlights', { ...mark, text: bad }],
        ['PATCH', '/api/profile', { displayName: bad }],
        ['PATCH', '/api/profile', { firstName: bad }],
        ['POST', '/api/settings', { displayName: bad }],
        ['POST', '/api/guest-data/import', { notes: [{ ...note, id: '00000000-0000-4000-8000-000000000001', content: bad }] }],
        ['POST', '/api/study/import', { format: 'selah-study-export', version: 1, notes: [{ ...note, content: bad }] }],
        ['POST', '/api/auth/sign-in/email', { email: `dorcas${bad}@example.org`, password: 'garments for widows' }],
        ['POST', '/api/auth/sign-up/email', { email: `new${bad}@example.org`, password: 'a long password' }],
        ['POST', '/api/auth/request-password-reset', { email: `dorcas${bad}@example.org` }],
        ['POST', '/api/auth/reset-password', { token: bad, newPassword: 'a long password' }],
        ['POST', '/api/admin/sign-in', { email: `dorcas${bad}@example.org`, password: 'x' }],
      );
    }
    cases.push(
      ['GET', '/api/notes?q=a%00b'],
      ['GET', '/api/highlights?book=a%00b'],
      ['GET', '/api/notes/%00'],
      ['PATCH', '/api/notes/%00', { content: 'x' }],
      ['DELETE', '/api/notes/a%00b'],
      ['DELETE', '/api/highlights/%00'],
      ['GET', '/api/profile/avatar/%00'],
      ['GET', '/api/auth/reset-password/a%00b?callbackURL=%2Freset-password'],
      ['GET', '/api/auth/verify-email?token=a%00b'],
    );
    for (const [method, path, body] of cases) {
      const res = await member.request(method, path, body);
      const label = `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`;
      expect([400, 404], label).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json().message, label).toBe(UNSAFE);
    }
    expect((await member.request('GET', '/api/notes')).json()).toEqual([]);
    expect((await member.request('GET', '/api/highlights')).json()).toEqual([]);
  });

  it('refuses a 100,000-deep JSON body on every kind of route before anything walks it', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/notes', '/api/admin/sign-in', '/api/study-activity/track']) {
      const res = await member.request('POST', path, deep, { 'content-type': path.includes('activity') ? 'text/plain' : 'application/json' });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message, path).toBe('The request body is nested too deeply.');
    }
    const imported = await member.request('POST', '/api/study/import', deep, { 'content-type': 'application/json' });
    expect([imported.statusCode, imported.json().message]).toEqual([400, 'This file is not a Selah export.']);
  });

  it('caps emails at 254 characters on every account route', async () => {
    const email = `${'e'.repeat(8_200)}@example.org`;
    for (const path of [
      '/api/auth/sign-in/email',
      '/api/auth/sign-up/email',
      '/api/auth/request-password-reset',
      '/api/auth/send-verification-email',
      '/api/admin/sign-in',
    ]) {
      const res = await new Browser(app).request('POST', path, { email, password: 'a long password' });
      expect([res.statusCode, res.json().message], path).toEqual([400, 'An email address can be at most 254 characters.']);
    }
  });

  it('answers routes better-auth has but Selah does not use with 404', async () => {
    for (const path of ['/api/auth/update-user', '/api/auth/list-accounts', '/api/auth/get-session', '/api/auth/sign-in/social', '/api/auth/revoke-sessions']) {
      const res = await member.request('POST', path, {});
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toMatch(/No such endpoint/);
    }
  });
});
