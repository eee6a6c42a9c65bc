import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversationsRepository } from '../ai/conversations.repository.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';
import { avatars, chapterReads, readingBehavior, users } from '../../db/schema.ts';

let inbox: Awaited<ReturnType<typeof startInbox>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
let guest: Browser;

// A real 1×1 PNG, and a phone photo's JPEG that says where it was taken (EXIF GPS) and by what camera.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
let JPEG: Buffer;
// EXIF's pointer to the GPS block (tag 0x8825), in either byte order.
const hasGps = (bytes: Buffer) => bytes.includes(Buffer.from([0x88, 0x25])) || bytes.includes(Buffer.from([0x25, 0x88]));
const put = (browser: Browser, body: Buffer, type: string) => browser.request('PUT', '/api/profile/avatar', body, { 'content-type': type });
const signIn = (browser: Browser, email: string, password: string) => browser.request('POST', '/api/auth/sign-in/email', { email, password });

/** Rows of each per-user table for one user (the FK-cascaded ones and better-auth's own). */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const tables = [
    '"user"',
    'session',
    'account',
    'user_settings',
    'highlight',
    'note',
    'avatar',
    'study_activity',
    'note_ai_response',
    'question_history',
    'question_history_setting',
    'conversation',
    'conversation_turn',
    'chapter_read',
    'study_streak',
    'achievement',
    'reading_behavior',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const owner = `'${userId.replace(/'/g, "''")}'`;
    const where =
      table === '"user"'
        ? `id = ${owner}`
        : table === 'conversation_turn'
          ? `conversation_id IN (SELECT id FROM conversation WHERE user_id = ${owner})`
          : `user_id = ${owner}`;
    const result = await app.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`));
    counts[table.replace(/"/g, '')] = Number((result.rows[0] as { n: number }).n);
  }
  return counts;
}

describe(`profile, account deletion and the admin gate on ${databaseKind()}`, () => {
  beforeAll(async () => {
    JPEG = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c84' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Pocket 9' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 46/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '35/1 14/1 0/1' },
      })
      .toBuffer();
    inbox = await startInbox();
    app = await startTestApp({ importDefaults: false, env: { SMTP_URL: inbox.url } });
    guest = new Browser(app);
  });
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  it('answers every profile and admin request of a guest with 401, and refuses cross-site writes', async () => {
    for (const [method, url] of [
      ['PATCH', '/api/profile'],
      ['DELETE', '/api/profile/avatar'],
      ['GET', '/api/admin/status'],
    ] as const) {
      const res = await guest.request(method, url, method === 'PATCH' ? { displayName: 'Guest' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toMatch(/^Sign in/);
    }
    // Refused before the body is read, whatever its size.
    const upload = await put(guest, Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]), 'image/png');
    expect(upload.statusCode).toBe(401);
    expect(upload.json()).toEqual({ message: 'Sign in to change your profile.' });
    const crossSite = await guest.request('PATCH', '/api/profile', { displayName: 'x' }, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
  });

  it('saves the display name by the settings rule and the first name, answering the user as /api/auth/user does', async () => {
    const ruth = await signUpVerified(app, inbox, 'ruth@example.org', undefined, '10.1.0.1');
    for (const [input, message] of [
      [{ displayName: '   ' }, 'Display name cannot be blank.'],
      [{ displayName: 'x'.repeat(51) }, 'Display name can be at most 50 characters.'],
      [{ firstName: 'y'.repeat(51) }, 'First name can be at most 50 characters.'],
    ] as const) {
      const res = await ruth.request('PATCH', '/api/profile', input);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await ruth.request('GET', '/api/auth/user')).json()).toMatchObject({ displayName: null, firstName: null });

    const saved = await ruth.request('PATCH', '/api/profile', { displayName: '  Ruth of Moab  ', firstName: ' Ruth ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ email: 'ruth@example.org', displayName: 'Ruth of Moab', firstName: 'Ruth', role: 'user', profileImageUrl: null });
    expect((await ruth.request('GET', '/api/auth/user')).json()).toEqual(saved.json());
    expect((await ruth.request('GET', '/api/settings')).json()).toMatchObject({ displayName: 'Ruth of Moab' });
    // Exactly 50 characters is allowed; an empty first name clears it; the other field stays.
    const cleared = await ruth.request('PATCH', '/api/profile', { displayName: 'z'.repeat(50), firstName: '' });
    expect(cleared.json()).toMatchObject({ displayName: 'z'.repeat(50), firstName: null });
    // better-auth's own update route is closed: names and pictures only change here, by these rules.
    expect((await ruth.request('POST', '/api/auth/update-user', { image: 'https://tracker.example/pixel.png', displayName: '' })).statusCode).toBe(404);
    expect((await ruth.request('GET', '/api/auth/user')).json().profileImageUrl).toBeNull();
  });

  it('takes a PNG, JPEG or WebP avatar of at most 2 MB, checked by its bytes, and serves it re-encoded', async () => {
    const naomi = await signUpVerified(app, inbox, 'naomi@example.org', undefined, '10.1.0.2');
    const textAsPng = await put(naomi, Buffer.from('Not an image at all, only some text.'), 'image/png');
    expect(textAsPng.statusCode).toBe(400);
    expect(textAsPng.json()).toEqual({ message: 'Choose a PNG, JPEG or WebP image.' });
    const html = await put(naomi, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml');
    expect(html.statusCode).toBe(415);
    expect(html.json()).toEqual({ message: 'Choose a PNG, JPEG or WebP image.' });
    expect((await put(naomi, Buffer.alloc(0), 'image/png')).statusCode).toBe(400);
    const tooLarge = await put(naomi, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 1 - PNG.length)]), 'image/png');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: 'The image can be at most 2 MB.' });
    expect((await naomi.request('GET', '/api/auth/user')).json().profileImageUrl).toBeNull();

    const uploaded = await put(naomi, PNG, 'image/png');
    expect(uploaded.statusCode).toBe(200);
    const user = uploaded.json();
    expect(user.profileImageUrl).toMatch(new RegExp(`^/api/profile/avatar/${user.id}\\?v=\\d+$`));
    expect((await naomi.request('GET', '/api/auth/user')).json().profileImageUrl).toBe(user.profileImageUrl);

    // Anyone with the address gets the picture, re-encoded as WebP, never sniffed, cached for good at this version.
    const served = await guest.request('GET', user.profileImageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const unversioned = await guest.request('GET', `/api/profile/avatar/${user.id}`);
    expect(unversioned.headers['cache-control']).toBe('no-cache');
    expect((await guest.request('GET', `/api/profile/avatar/${user.id}`, undefined, { 'if-none-match': String(served.headers.etag) })).statusCode).toBe(304);

    // A new upload is a new address. A phone photo loses where and with what it was taken, and is scaled down.
    expect(hasGps(JPEG)).toBe(true);
    const replaced = (await put(naomi, JPEG, 'image/png')).json();
    expect(replaced.profileImageUrl).not.toBe(user.profileImageUrl);
    const photo = await guest.request('GET', replaced.profileImageUrl);
    expect(photo.headers['content-type']).toBe('image/webp');
    const meta = await sharp(photo.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 512, 384, undefined]);
    expect(hasGps(photo.rawPayload)).toBe(false);
    expect(photo.rawPayload.includes('PhoneCo')).toBe(false);

    const removed = await naomi.request('DELETE', '/api/profile/avatar');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().profileImageUrl).toBeNull();
    expect((await guest.request('GET', `/api/profile/avatar/${user.id}`)).statusCode).toBe(404);
    expect((await guest.request('GET', '/api/profile/avatar/nobody-has-this-id')).json()).toEqual({ message: 'This person has no profile picture.' });

    // A picture kept from before uploads were re-encoded is stripped the first time it is served.
    await app.database.db.insert(avatars).values({ userId: user.id, contentType: 'image/jpeg', content: JPEG, reencoded: false });
    const old = await guest.request('GET', `/api/profile/avatar/${user.id}`);
    expect(old.headers['content-type']).toBe('image/webp');
    expect(hasGps(old.rawPayload)).toBe(false);
    const [row] = await app.database.db.select().from(avatars).where(eq(avatars.userId, user.id));
    expect(row!.reencoded).toBe(true);
    expect(hasGps(row!.content)).toBe(false);
  });

  it('changes the password with the current one, and signs in with the new one only', async () => {
    const boaz = await signUpVerified(app, inbox, 'boaz@example.org', 'kinsman redeemer', '10.1.0.3');
    const other = new Browser(app);
    expect((await signIn(other, 'boaz@example.org', 'kinsman redeemer')).statusCode).toBe(200);

    const wrong = await boaz.request('POST', '/api/auth/change-password', {
      currentPassword: 'not my password',
      newPassword: 'gate of the city',
      revokeOtherSessions: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid password');
    const short = await boaz.request('POST', '/api/auth/change-password', {
      currentPassword: 'kinsman redeemer',
      newPassword: 'short',
      revokeOtherSessions: true,
    });
    expect(short.statusCode).toBe(400);

    const changed = await boaz.request('POST', '/api/auth/change-password', {
      currentPassword: 'kinsman redeemer',
      newPassword: 'gate of the city',
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    // This browser stays signed in on a new session; the other device is signed out.
    expect((await boaz.request('GET', '/api/auth/user')).statusCode).toBe(200);
    expect((await other.request('GET', '/api/auth/user')).statusCode).toBe(401);

    const fresh = new Browser(app);
    expect((await signIn(fresh, 'boaz@example.org', 'kinsman redeemer')).statusCode).toBe(401);
    expect((await signIn(fresh, 'boaz@example.org', 'gate of the city')).statusCode).toBe(200);
    expect((await fresh.request('GET', '/api/auth/user')).json().email).toBe('boaz@example.org');
  });

  it("deletes an account with all its data after the password is confirmed, and leaves everyone else's", async () => {
    const carol = await signUpVerified(app, inbox, 'carol@example.org', 'carol password', '10.1.0.4');
    const dave = await signUpVerified(app, inbox, 'dave@example.org', 'dave password', '10.1.0.5');
    const fill = async (browser: Browser) => {
      const me = (await browser.request('GET', '/api/auth/user')).json() as { id: string };
      expect((await browser.request('POST', '/api/settings', { displayName: `Reader ${me.id.slice(0, 4)}`, fontSize: 'small' })).statusCode).toBe(200);
      expect(
        (await browser.request('POST', '/api/highlights', { verse: 'JOHN.3.16', color: 'yellow', reference: 'John 3:16', text: 'For God so loved the world' }))
          .statusCode,
      ).toBe(200);
      const note = (await browser.request('POST', '/api/notes', { type: 'question', content: 'Who is the world?', reference: 'John 3:16' })).json() as {
        id: string;
      };
      expect((await put(browser, PNG, 'image/png')).statusCode).toBe(200);
      const answer = { noteId: note.id, prompt: 'Explain', response: 'Everyone', translation: 'KJV', reference: 'John 3:16' };
      expect((await browser.request('POST', '/api/ai-responses', answer)).statusCode).toBe(200);
      expect((await browser.request('POST', '/api/personalization/track-question', { question: 'Who is the world?' })).statusCode).toBe(204);
      expect((await browser.request('PUT', '/api/personalization/questions/keep', { keep: true })).statusCode).toBe(200);
      expect((await browser.request('POST', '/api/personalization/track-question', { question: 'And who is my neighbour?' })).statusCode).toBe(204);
      // This app has no Bible to check an answer's references against (conversations.api.test.ts uses the route).
      const turn = {
        id: randomUUID(),
        question: 'Who is my neighbour?',
        response: 'Luke 10:29',
        engine: 'scripture-search',
        translation: 'KJV',
        references: [],
        createdAt: new Date(),
      };
      await new ConversationsRepository(app.database.db).addTurns(me.id, { id: randomUUID(), title: 'Neighbours' }, [turn], { perAccount: 10, turns: 10 });
      // This app has no Bible to check chapters against: reading progress goes in as the progress routes write it.
      await app.database.db
        .insert(chapterReads)
        .values({ userId: me.id, book: 43, chapter: 3, day: '2025-01-01', totalVerses: 36, versesViewed: [1], completed: true });
      await app.database.db
        .insert(readingBehavior)
        .values({ userId: me.id, contentId: 'John_3', completionPercentage: 100, versesViewed: 36, completed: true });
      expect((await browser.request('POST', '/api/study-activity/track', { minutesSpent: 5 })).statusCode).toBe(204);
      expect((await browser.request('GET', '/api/user-achievements')).statusCode).toBe(200);
      return me.id;
    };
    const carolId = await fill(carol);
    const daveId = await fill(dave);
    const full = {
      user: 1,
      session: 1,
      account: 1,
      user_settings: 1,
      highlight: 1,
      note: 1,
      avatar: 1,
      study_activity: 1,
      note_ai_response: 1,
      question_history: 2,
      question_history_setting: 1,
      conversation: 1,
      conversation_turn: 1,
      chapter_read: 1,
      study_streak: 1,
      // the first chapter, note and question
      achievement: 3,
      reading_behavior: 1,
    };
    expect(await rowsOf(carolId)).toEqual(full);

    // No deletion without the password, even on a fresh session; a wrong one is refused.
    const without = await carol.request('POST', '/api/auth/delete-user', {});
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe('Enter your password to delete your account.');
    const wrong = await carol.request('POST', '/api/auth/delete-user', { password: 'not carol' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid password');
    expect((await rowsOf(carolId)).user).toBe(1);

    // Carol is also signed in on another device, whose session cookie is cached for 5 minutes.
    const carolsPhone = new Browser(app);
    expect((await signIn(carolsPhone, 'carol@example.org', 'carol password')).statusCode).toBe(200);
    const deleted = await carol.request('POST', '/api/auth/delete-user', { password: 'carol password' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ success: true });
    expect(Object.values(await rowsOf(carolId)).every((n) => n === 0)).toBe(true);
    expect(await rowsOf(carolId)).toEqual(Object.fromEntries(Object.keys(full).map((k) => [k, 0])));
    expect((await carol.request('GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await signIn(new Browser(app), 'carol@example.org', 'carol password')).statusCode).toBe(401);
    expect((await guest.request('GET', `/api/profile/avatar/${carolId}`)).statusCode).toBe(404);
    // The other device's session ended with the account: it is told so, not quietly made a guest.
    const late = await carolsPhone.request('POST', '/api/notes', { type: 'freeform', content: 'Written after deletion', reference: 'John 3:16' });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('Your session has ended. Please sign in again.');
    expect((await rowsOf(carolId)).note).toBe(0);

    // Dave's data is all still there and still his.
    expect(await rowsOf(daveId)).toEqual(full);
    expect((await dave.request('GET', '/api/notes')).json()).toHaveLength(1);
    expect((await dave.request('GET', '/api/auth/user')).json().profileImageUrl).toMatch(/^\/api\/profile\/avatar\//);
  });

  it('lets only admins through: status 401 for guests, 403 for users, 200 for admins, read fresh each time', async () => {
    const eli = await signUpVerified(app, inbox, 'eli@example.org', 'temple at shiloh', '10.1.0.6');
    const refused = await eli.request('GET', '/api/admin/status');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This page is for administrators only.' });

    await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'eli@example.org'));
    // No sign-out needed: the role is read from the database, not the session cache.
    expect((await eli.request('GET', '/api/admin/status')).json()).toEqual({ ok: true });
    expect((await eli.request('GET', '/api/auth/user')).json().role).toBe('admin');
    await app.database.db.update(users).set({ role: 'user' }).where(eq(users.email, 'eli@example.org'));
    expect((await eli.request('GET', '/api/admin/status')).statusCode).toBe(403);
    expect((await guest.request('GET', '/api/admin/status')).statusCode).toBe(401);
  });

  it('signs in at the admin sign-in only admins; anyone else gets no session at all', async () => {
    const samuel = await signUpVerified(app, inbox, 'samuel@example.org', 'here am i lord', '10.1.0.7');
    const samuelId = (await samuel.request('GET', '/api/auth/user')).json().id as string;
    const sessionsBefore = (await rowsOf(samuelId)).session;

    const user = new Browser(app);
    const notAdmin = await user.request('POST', '/api/admin/sign-in', { email: 'samuel@example.org', password: 'here am i lord' });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toEqual({ message: 'This sign-in is for administrators only.' });
    expect(notAdmin.headers['set-cookie']).toBeUndefined();
    expect((await rowsOf(samuelId)).session).toBe(sessionsBefore);
    expect((await user.request('GET', '/api/auth/user')).statusCode).toBe(401);

    const wrong = await user.request('POST', '/api/admin/sign-in', { email: 'samuel@example.org', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toMatch(/invalid email or password/i);
    expect((await user.request('POST', '/api/admin/sign-in', { email: '', password: 'x' })).json()).toEqual({ message: 'Enter your email.' });

    await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, samuelId));
    const admin = new Browser(app);
    const signedIn = await admin.request('POST', '/api/admin/sign-in', { email: 'Samuel@example.org', password: 'here am i lord' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ ok: true });
    expect((await admin.request('GET', '/api/admin/status')).json()).toEqual({ ok: true });
    expect((await admin.request('GET', '/api/auth/user')).json()).toMatchObject({ email: 'samuel@example.org', role: 'admin' });
  });
});
