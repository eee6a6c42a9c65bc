import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';
import { noteAiResponses } from '../../db/schema.ts';

let inbox: Awaited<ReturnType<typeof startInbox>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
let alice: Browser;
let bob: Browser;
let guest: Browser;

const john316 = { verse: 'JOHN.3.16', color: 'yellow', reference: 'John 3:16', text: 'For God so loved the world, that he gave his only begotten Son' };

describe(`highlights, notes and settings on ${databaseKind()}`, () => {
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ env: { SMTP_URL: inbox.url } });
    alice = await signUpVerified(app, inbox, 'alice@example.org');
    bob = await signUpVerified(app, inbox, 'bob@example.org');
    guest = new Browser(app);
  });
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  it("keeps a user's highlights, one per verse, with quotes stripped and the newest first", async () => {
    const first = await alice.request('POST', '/api/highlights', { ...john316, text: "“For God so loved” the 'world'" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ verse: 'JOHN.3.16', color: 'yellow', reference: 'John 3:16', text: 'For God so loved the world' });
    const again = await alice.request('POST', '/api/highlights', { ...john316, color: 'pink' });
    expect(again.json().id).toBe(first.json().id);
    await alice.request('POST', '/api/highlights', { verse: 'PSALMS.23.1', color: 'green', reference: 'Psalms 23:1', text: 'The LORD is my shepherd' });
    const list = await alice.request('GET', '/api/highlights');
    expect(list.json().map((h: { verse: string; color: string }) => [h.verse, h.color])).toEqual([
      ['PSALMS.23.1', 'green'],
      ['JOHN.3.16', 'pink'],
    ]);
    expect(list.headers['x-total-count']).toBe('2');
    const filtered = await alice.request('GET', '/api/highlights?color=green&q=shepherd');
    expect(filtered.json()).toHaveLength(1);
  });

  it("never lets one user read, change or delete another's notes, highlights or settings", async () => {
    const note = (await alice.request('POST', '/api/notes', { type: 'freeform', content: 'Mine alone', reference: 'John 3:16' })).json();
    const mark = (await alice.request('GET', '/api/highlights')).json()[0];
    expect((await bob.request('GET', '/api/notes')).json()).toEqual([]);
    expect((await bob.request('GET', '/api/highlights')).json()).toEqual([]);
    expect((await bob.request('PATCH', `/api/notes/${note.id}`, { content: 'Taken over' })).statusCode).toBe(404);
    expect((await bob.request('DELETE', `/api/notes/${note.id}`)).statusCode).toBe(404);
    expect((await bob.request('DELETE', `/api/highlights/${mark.id}`)).statusCode).toBe(404);
    await bob.request('POST', '/api/settings', { displayName: 'Bob the Reader', fontSize: 'small' });
    expect((await alice.request('GET', '/api/settings')).json()).toMatchObject({ displayName: null, fontSize: 'large' });
    expect((await alice.request('GET', '/api/notes')).json().map((n: { content: string }) => n.content)).toEqual(['Mine alone']);
    expect((await alice.request('GET', '/api/highlights')).json()).toHaveLength(2);
  });

  it('keeps a note sent twice under the id the browser chose once, never under another person’s id, and refuses an edit on a changed note', async () => {
    const id = '7f8c1c1e-8a4b-4c55-9a5e-3f0d2b1a6c01';
    const written = { type: 'understand', content: 'Written offline', reference: 'Ruth 1:16', id };
    const first = await alice.request('POST', '/api/notes', written);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id, content: 'Written offline' });
    // The same note again (a reply lost on the way back): the same note, not a second one.
    const again = await alice.request('POST', '/api/notes', written);
    expect(again.json()).toEqual(first.json());
    expect((await alice.request('GET', '/api/notes?reference=Ruth%201')).json()).toHaveLength(1);
    // Bob cannot write under, or read through, Alice's id.
    const taken = await bob.request('POST', '/api/notes', { ...written, content: 'Not mine' });
    expect(taken.statusCode).toBe(409);
    expect(JSON.stringify(taken.json())).not.toContain('Written offline');
    expect((await alice.request('GET', '/api/notes?reference=Ruth%201')).json()[0].content).toBe('Written offline');
    expect((await alice.request('POST', '/api/notes', { ...written, id: 'not-a-uuid' })).statusCode).toBe(400);
    // An edit made on what the note was: kept; made on an older state: refused, the note unchanged.
    const base = first.json().updatedAt as string;
    const edited = await alice.request('PATCH', `/api/notes/${id}`, { content: 'Edited on the phone', baseUpdatedAt: base });
    expect(edited.statusCode).toBe(200);
    // The same edit sent again (its reply lost when a process stopped): done, not a clash.
    const resent = await alice.request('PATCH', `/api/notes/${id}`, { content: 'Edited on the phone', baseUpdatedAt: base });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual(edited.json());
    const stale = await alice.request('PATCH', `/api/notes/${id}`, { content: 'Edited offline on the laptop', baseUpdatedAt: base });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This note was changed on another device since you opened it.');
    expect((await alice.request('GET', '/api/notes?reference=Ruth%201')).json()[0].content).toBe('Edited on the phone');
    await alice.request('DELETE', `/api/notes/${id}`);
  });

  it("answers a guest's writes as guest-owned and keeps nothing on the server", async () => {
    const mark = await guest.request('POST', '/api/highlights', john316);
    expect(mark.statusCode).toBe(200);
    expect(mark.json()).toMatchObject({ userId: 'guest', verse: 'JOHN.3.16', id: expect.any(String) });
    const note = await guest.request('POST', '/api/notes', { type: 'question', content: 'Who is Nicodemus?', reference: 'John 3:1' });
    expect(note.json()).toMatchObject({ userId: 'guest', title: 'Question for John 3:1' });
    expect((await guest.request('GET', '/api/highlights')).json()).toEqual([]);
    expect((await guest.request('GET', '/api/notes')).json()).toEqual([]);
    expect((await guest.request('GET', '/api/settings')).json()).toEqual({
      translation: null,
      fontSize: 'large',
      displayName: null,
      userId: 'guest',
      timeZone: null,
      showInRankings: false,
    });
    expect((await guest.request('POST', '/api/settings', { displayName: 'Guest' })).statusCode).toBe(401);
    // Nothing of the guest reached another account either.
    expect((await bob.request('GET', '/api/notes')).json()).toEqual([]);
  });

  it('gives bad input a clear 400 and writes nothing', async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ['/api/highlights', 'unknown colour', { ...john316, color: 'purple' }, /^Colour must be yellow, green, blue or pink\.$/],
      ['/api/highlights', 'reference that does not parse', { ...john316, reference: 'Hezekiah 1:1' }, /is not a Bible reference/],
      ['/api/highlights', 'reference of another verse', { ...john316, reference: 'John 3:17' }, /is not the verse JOHN\.3\.16/],
      ['/api/highlights', 'bad verse id', { ...john316, verse: 'JOHN-3' }, /is not a verse id/],
      ['/api/notes', 'blank note', { type: 'freeform', content: '   ', reference: 'John 3:16' }, /^Write something before saving\.$/],
      [
        '/api/notes',
        'note over 10,000 characters',
        { type: 'freeform', content: 'a'.repeat(10_001), reference: 'John 3:16' },
        /^A note can be at most 10,000 characters\.$/,
      ],
      ['/api/notes', 'unknown type', { type: 'poem', content: 'x', reference: 'John 3:16' }, /^Note type must be quote, understand, question or freeform\.$/],
      ['/api/notes', 'reference that does not parse', { type: 'freeform', content: 'x', reference: 'Chapter eleven' }, /is not a Bible reference/],
      ['/api/settings', 'blank display name', { displayName: '   ' }, /^Display name cannot be blank\.$/],
      ['/api/settings', 'unknown translation', { translation: 'XYZ' }, /^Translation 'XYZ' not found\.$/],
      ['/api/settings', 'bad font size', { fontSize: 'huge' }, /^Font size must be small, base or large\.$/],
    ];
    const before = [(await bob.request('GET', '/api/notes')).json().length, (await bob.request('GET', '/api/highlights')).json().length];
    for (const [url, label, body, message] of cases) {
      const res = await bob.request('POST', url, body);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().message, label).toMatch(message);
    }
    expect([(await bob.request('GET', '/api/notes')).json().length, (await bob.request('GET', '/api/highlights')).json().length]).toEqual(before);
    expect((await bob.request('GET', '/api/settings')).json()).toMatchObject({ displayName: 'Bob the Reader', fontSize: 'small', translation: null });
  });

  it('saves settings that follow the user: display name, translation and font size', async () => {
    const saved = await alice.request('POST', '/api/settings', { displayName: '  Faithful Reader 4821 ', translation: 'web', fontSize: 'base', userId: '' });
    expect(saved.json()).toMatchObject({ displayName: 'Faithful Reader 4821', translation: 'WEB', fontSize: 'base' });
    expect((await alice.request('GET', '/api/auth/user')).json().displayName).toBe('Faithful Reader 4821');
  });

  it('titles notes by type and reference, edits and deletes them, and filters by chapter', async () => {
    const quote = (
      await alice.request('POST', '/api/notes', { type: 'quote', content: '"For God so loved the world"\n\nGrace first.', reference: 'John 3:16' })
    ).json();
    expect(quote.title).toBe('Quote for John 3:16');
    await alice.request('POST', '/api/notes', { type: 'understand', content: 'A chapter note', reference: 'John 3' });
    await alice.request('POST', '/api/notes', { type: 'freeform', content: 'Elsewhere', reference: 'Romans 8:28' });
    const inChapter = (await alice.request('GET', `/api/notes?reference=${encodeURIComponent('John 3:16')}`)).json();
    expect(inChapter.map((n: { content: string }) => n.content).sort()).toEqual(
      ['"For God so loved the world"\n\nGrace first.', 'A chapter note', 'Mine alone'].sort(),
    );
    // The chapter is the whole part before the colon, never a prefix: Psalms 23 is not in Psalms 2.
    const p23 = (await alice.request('POST', '/api/notes', { type: 'freeform', content: 'The LORD is my shepherd', reference: 'Psalms 23:1' })).json();
    const p2 = (await alice.request('POST', '/api/notes', { type: 'freeform', content: 'Why do the heathen rage', reference: 'Psalms 2' })).json();
    const contents = async (reference: string) =>
      (await alice.request('GET', `/api/notes?reference=${encodeURIComponent(reference)}`)).json().map((n: { content: string }) => n.content);
    expect(await contents('Psalms 2:1')).toEqual(['Why do the heathen rage']);
    expect(await contents('Psalms 23')).toEqual(['The LORD is my shepherd']);
    for (const n of [p23, p2]) await alice.request('DELETE', `/api/notes/${n.id}`);
    const edited = await alice.request('PATCH', `/api/notes/${quote.id}`, { content: 'Changed' });
    expect(edited.json()).toMatchObject({ content: 'Changed', title: 'Quote for John 3:16' });
    expect((await alice.request('DELETE', `/api/notes/${quote.id}`)).statusCode).toBe(204);
    expect((await alice.request('GET', '/api/notes?type=quote')).json()).toEqual([]);
    const page = await alice.request('GET', '/api/notes?limit=1&offset=1');
    expect(page.json()).toHaveLength(1);
    expect(Number(page.headers['x-total-count'])).toBe(3);
  });

  it("keeps answers on a user's own notes, newest per reference, and goes with the note (spec §7)", async () => {
    const note = (await alice.request('POST', '/api/notes', { type: 'question', content: 'Why born again?', reference: 'John 3:3' })).json();
    const path = `/api/ai-responses/note/${note.id}?reference=${encodeURIComponent('John 3:3')}`;
    expect((await alice.request('GET', path)).statusCode).toBe(404);
    const body = { noteId: note.id, prompt: 'Why born again?', response: 'A new beginning from God (John 3:3).', translation: 'KJV', reference: 'John 3:3' };
    const first = await alice.request('POST', '/api/ai-responses', body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: expect.any(String), userId: note.userId });
    await new Promise((r) => setTimeout(r, 5));
    expect((await alice.request('GET', path)).json()).toMatchObject({ response: body.response, translation: 'KJV' });
    const second = (await alice.request('POST', '/api/ai-responses', { ...body, response: 'Second answer: see John 3:5, not John 3:99.' })).json();
    // Read back with its references checked, so the page links them as it does a fresh answer.
    const kept = (await alice.request('GET', path)).json();
    expect(kept).toMatchObject({ id: second.id, response: 'Second answer: see John 3:5, not John 3:99.', translation: 'KJV' });
    expect(kept.references.map((r: { written: string; status: string }) => [r.written, r.status])).toEqual([
      ['John 3:5', 'verified'],
      ['John 3:99', 'invalid'],
    ]);
    expect((await alice.request('GET', `/api/ai-responses/note/${note.id}?reference=John%203:4`)).statusCode).toBe(404);

    // Another person can neither read nor add answers on it; a guest is asked to sign in.
    expect((await bob.request('GET', path)).statusCode).toBe(404);
    expect((await bob.request('POST', '/api/ai-responses', body)).json()).toEqual({ message: 'Note not found.' });
    expect((await guest.request('POST', '/api/ai-responses', body)).statusCode).toBe(401);
    expect((await alice.request('POST', '/api/ai-responses', { ...body, response: '  ' })).json()).toEqual({ message: 'An answer cannot be empty.' });

    // Deleting the note deletes its answers.
    expect((await alice.request('DELETE', `/api/notes/${note.id}`)).statusCode).toBe(204);
    expect((await alice.request('GET', path)).statusCode).toBe(404);
  });

  describe("moving a guest's data into an account", () => {
    it('imports highlights and notes once, skipping what is already there, and refuses guests', async () => {
      const id = () => crypto.randomUUID();
      const data = {
        highlights: [{ id: id(), verse: 'RUTH.1.16', color: 'yellow', reference: 'Ruth 1:16', text: 'whither thou goest, I will go' }],
        notes: [
          { id: id(), type: 'freeform', content: 'Loyalty', reference: 'Ruth 1:16' },
          { id: id(), type: 'question', content: 'Who was Orpah?', reference: 'Ruth 1:4' },
        ],
      };
      const carol = await signUpVerified(app, inbox, 'carol@example.org');
      expect((await guest.request('POST', '/api/guest-data/import', data)).statusCode).toBe(401);
      const first = await carol.request('POST', '/api/guest-data/import', data);
      expect(first.json()).toEqual({ highlights: 1, notes: 2, aiResponses: 0 });
      // A move cut short runs again: nothing doubles.
      expect((await carol.request('POST', '/api/guest-data/import', data)).json()).toEqual({ highlights: 0, notes: 0, aiResponses: 0 });
      expect((await carol.request('GET', '/api/notes')).json()).toHaveLength(2);
      expect((await carol.request('GET', '/api/highlights')).json()).toHaveLength(1);
      expect((await carol.request('GET', '/api/notes')).json().find((n: { type: string }) => n.type === 'question').title).toBe('Question for Ruth 1:4');
      // Bad items are refused whole, with a message; nothing is written.
      const bad = await carol.request('POST', '/api/guest-data/import', { notes: [{ id: id(), type: 'freeform', content: '  ', reference: 'Ruth 1:1' }] });
      expect(bad.statusCode).toBe(400);
      expect((await carol.request('GET', '/api/notes')).json()).toHaveLength(2);
    });

    it("moves a guest's AI answers with their notes, once, and never onto another account's note", async () => {
      const id = () => crypto.randomUUID();
      const note = { id: id(), type: 'question', content: 'Why a mustard seed?', reference: 'Matthew 13:31' };
      const answer = (noteId: string) => ({
        id: id(),
        noteId,
        prompt: note.content,
        response: 'The smallest seed grows the largest.',
        translation: 'KJV',
        reference: 'Matthew 13:31',
        saved: true,
      });
      const alicesNote = (await alice.request('GET', '/api/notes')).json()[0];
      const data = { notes: [note], aiResponses: [answer(note.id), answer(alicesNote.id)] };
      const erin = await signUpVerified(app, inbox, 'erin@example.org');
      expect((await erin.request('POST', '/api/guest-data/import', data)).json()).toEqual({ highlights: 0, notes: 1, aiResponses: 1 });
      expect((await erin.request('POST', '/api/guest-data/import', data)).json()).toEqual({ highlights: 0, notes: 0, aiResponses: 0 });
      const rows = await app.database.db.select().from(noteAiResponses);
      expect(rows.map((r) => [r.noteId, r.response])).toEqual([[note.id, 'The smallest seed grows the largest.']]);
      const bad = await erin.request('POST', '/api/guest-data/import', { aiResponses: [{ ...answer(note.id), response: ' ' }] });
      expect(bad.statusCode).toBe(400);
    });
  });
});
