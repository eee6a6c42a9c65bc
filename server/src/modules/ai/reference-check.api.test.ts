import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { checkReferences, type CheckedReference } from './reference-check.ts';

let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
}, 300_000);
afterAll(() => app.stop());

const check = (answer: string, translation = 'KJV') => checkReferences(answer, translation, app.bible);
const only = (answer: string, translation?: string): CheckedReference => {
  const found = check(answer, translation);
  expect(found, JSON.stringify(found)).toHaveLength(1);
  return found[0]!;
};

describe('references in an answer, checked against the store', () => {
  it('verifies references that exist, with the reader link and the store’s text', () => {
    const ref = only('Read John 3:16 tonight.');
    expect(ref).toMatchObject({
      written: 'John 3:16',
      status: 'verified',
      reference: 'John 3:16',
      href: '/bible?book=John&chapter=3&verse=16&translation=KJV',
    });
    expect(ref.text).toMatch(/^For God so loved the world/);
    expect(ref.start).toBe(5);

    const love = only('Paul describes love in 1 Cor 13:4-7.', 'WEB');
    expect(love).toMatchObject({ status: 'verified', reference: '1 Corinthians 13:4-7', href: '/bible?book=1+Corinthians&chapter=13&verse=4&translation=WEB' });
    expect(love.text).toMatch(/^Love is patient/);
    expect(only('See Psalm 23.')).toMatchObject({ status: 'verified', reference: 'Psalms 23' });
  });

  it('never passes a book, chapter or verse that does not exist', () => {
    for (const [answer, problem] of [
      ['As Hezekiah 3:16 says, God helps those who help themselves.', /no book called Hezekiah/],
      ['John 22:1 tells of it.', /John has 21 chapters/],
      ['Read John 22.', /John has 21 chapters/],
      ['Psalm 151 is a song of David.', /Psalms has 150 chapters/],
      ['John 3:99 says so.', /John 3 has 36 verses; there is no verse 99/],
      ['Genesis 1:30-40 lists them.', /Genesis 1 has 31 verses/],
    ] as const) {
      const ref = only(answer);
      expect(ref.status, answer).toBe('invalid');
      expect(ref.problem, answer).toMatch(problem);
      expect(ref.href, answer).toBeUndefined();
    }
  });

  it('flags a quotation that is not the text of the reference it is given, in any translation here', () => {
    const misquote = only('"For God so loved the world that he sent his only Son to judge it" (John 3:16)');
    expect(misquote).toMatchObject({ status: 'misquoted', reference: 'John 3:16' });
    expect(misquote.problem).toMatch(/not the text of John 3:16/);
    // The right words attributed to the wrong verse are a misquote too.
    expect(only('John 3:17 says, "For God so loved the world"').status).toBe('misquoted');
  });

  it('accepts exact quotations, in any installed translation, with case, punctuation and ellipses aside', () => {
    expect(only('“for God so loved the world, that he gave his only begotten Son” — John 3:16').status).toBe('verified');
    // The WEB's wording while the KJV is asked for: still the text of John 3:16.
    expect(only('"For God so loved the world, that he gave his one and only Son" (John 3:16)').status).toBe('verified');
    expect(only('"The Lord is my shepherd … he leadeth me beside the still waters" (Psalm 23:1-2)').status).toBe('verified');
    // Words left in the wrong order are not the text.
    expect(only('"he leadeth me beside the still waters … The Lord is my shepherd" (Psalm 23:1-2)').status).toBe('misquoted');
  });

  it('leaves ordinary prose alone and keeps references in the order written', () => {
    expect(check('Chapter 3 of my life began in Step 2. God helps those who help themselves.')).toEqual([]);
    const refs = check('Compare Romans 8:28 with Hezekiah 1:1 and Philippians 4:6-7.');
    expect(refs.map((r) => [r.written, r.status])).toEqual([
      ['Romans 8:28', 'verified'],
      ['Hezekiah 1:1', 'invalid'],
      ['Philippians 4:6-7', 'verified'],
    ]);
  });
});
