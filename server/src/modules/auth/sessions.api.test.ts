import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';

let inbox: Awaited<ReturnType<typeof startInbox>>;
let app: Awaited<ReturnType<typeof startTestApp>>;

const ENDED = 'Your session has ended. Please sign in again.';
const signIn = (browser: Browser, email: string, password: string) => browser.request('POST', '/api/auth/sign-in/email', { email, password });
const aNote = { type: 'freeform', content: 'Written on the other device', reference: 'John 3:16' };

/** Every personal route a device with an ended session might call: each must say 401, none may act as a guest. */
async function expectEnded(device: Browser) {
  const calls: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown][] = [
    ['GET', '/api/notes'],
    ['GET', '/api/highlights'],
    ['GET', '/api/notes/export?format=json'],
    ['GET', '/api/highlights/export?format=csv'],
    ['GET', '/api/settings'],
    ['GET', '/api/study-activity/recent'],
    ['POST', '/api/notes', aNote],
    ['POST', '/api/highlights', { verse: 'JOHN.3.16', color: 'yellow', reference: 'John 3:16', text: 'For God so loved the world' }],
    ['PATCH', '/api/notes/00000000-0000-4000-8000-000000000000', { content: 'changed' }],
    ['DELETE', '/api/notes/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/highlights/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/settings', { fontSize: 'small' }],
    ['POST', '/api/study-activity/track', { chaptersRead: 1 }],
    ['POST', '/api/guest-data/import', { notes: [], highlights: [] }],
  ];
  for (const [method, path, body] of calls) {
    const res = await device.clone().request(method, path, body);
    expect(res.statusCode, `${method} ${path}`).toBe(401);
    expect(res.json(), `${method} ${path}`).toEqual({ message: ENDED });
  }
  expect((await device.clone().request('GET', '/api/auth/user')).statusCode).toBe(401);
  // The reply clears the stale cookie, so the browser is a plain guest from then on.
  const cleared = device.clone();
  const first = await cleared.request('GET', '/api/notes');
  expect(String(first.headers['set-cookie'])).toMatch(/session_token=;.*Max-Age=0/);
  const next = await cleared.request('GET', '/api/notes');
  expect([next.statusCode, next.json()]).toEqual([200, []]);
}

describe(`ended sessions on ${databaseKind()}`, () => {
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ importDefaults: false, env: { SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  it('stop working on every other device at once when the password changes with "sign out my other devices"', async () => {
    const laptop = await signUpVerified(app, inbox, 'priscilla@example.org', 'tent makers', '10.3.0.1');
    const phone = new Browser(app, '10.3.0.2');
    expect((await signIn(phone, 'priscilla@example.org', 'tent makers')).statusCode).toBe(200);
    expect((await phone.request('POST', '/api/notes', aNote)).statusCode).toBe(200);
    expect((await phone.request('GET', '/api/notes')).json()).toHaveLength(1);

    const changed = await laptop.request('POST', '/api/auth/change-password', {
      currentPassword: 'tent makers',
      newPassword: 'new tent makers',
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    await expectEnded(phone);
    // The laptop itself goes on, and nothing the phone tried was stored.
    const notes = (await laptop.request('GET', '/api/notes')).json();
    expect(notes).toHaveLength(1);
  });

  it('stop working after signing out, even for a copy of the cookie', async () => {
    const tablet = await signUpVerified(app, inbox, 'aquila@example.org', 'tent makers', '10.3.0.3');
    const copy = tablet.clone();
    await tablet.request('GET', '/api/logout');
    await expectEnded(copy);
  });

  it('leave a guest without a cookie a guest', async () => {
    const guest = new Browser(app);
    expect((await guest.request('GET', '/api/notes')).json()).toEqual([]);
    const note = await guest.request('POST', '/api/notes', aNote);
    expect([note.statusCode, note.json().userId]).toEqual([200, 'guest']);
  });
});
