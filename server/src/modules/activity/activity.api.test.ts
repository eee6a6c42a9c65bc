import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';

let inbox: Awaited<ReturnType<typeof startInbox>>;
let app: Awaited<ReturnType<typeof startTestApp>>;

describe(`study activity on ${databaseKind()}`, () => {
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ env: { SMTP_URL: inbox.url }, importDefaults: false });
  });
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  it("sums a user's reports for the day, beacons (text/plain) included, and keeps users apart; chapters come only from the progress rules", async () => {
    const carol = await signUpVerified(app, inbox, 'carol@example.org');
    const dave = await signUpVerified(app, inbox, 'dave@example.org');
    expect((await carol.request('POST', '/api/study-activity/track', { versesHighlighted: 2 })).statusCode).toBe(204);
    expect((await carol.request('POST', '/api/study-activity/track', { notesCreated: 1, chaptersRead: 1 })).statusCode).toBe(204);
    const beacon = await carol.request('POST', '/api/study-activity/track', JSON.stringify({ minutesSpent: 3 }), {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(beacon.statusCode).toBe(204);
    await dave.request('POST', '/api/study-activity/track', { chaptersRead: 4 });

    const today = new Date().toISOString().slice(0, 10);
    expect((await carol.request('GET', '/api/study-activity/recent')).json()).toEqual([
      { day: today, chaptersRead: 0, minutesSpent: 3, versesHighlighted: 2, notesCreated: 1 },
    ]);
    // A browser cannot claim chapters: they count when track-chapter-progress completes one.
    expect((await dave.request('GET', '/api/study-activity/recent')).json()).toEqual([]);
  });

  it("accepts a guest's report and keeps nothing; rejects empty, negative and oversized reports", async () => {
    const guest = new Browser(app);
    expect((await guest.request('POST', '/api/study-activity/track', { chaptersRead: 1 })).statusCode).toBe(204);
    expect((await guest.request('GET', '/api/study-activity/recent')).statusCode).toBe(401);
    for (const bad of [{}, { chaptersRead: -1 }, { minutesSpent: 10_000 }, { notesCreated: 1.5 }]) {
      const res = await guest.request('POST', '/api/study-activity/track', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const notJson = await guest.request('POST', '/api/study-activity/track', 'minutes=3', { 'content-type': 'text/plain' });
    expect(notJson.statusCode).toBe(400);
  });
});
