import { describe, expect, it } from 'vitest';
import { Invalid } from '../../lib/errors.ts';
import { checkHighlight, checkNote } from './study-rules.ts';

const mark = { verse: 'JOHN.3.16', color: 'yellow' as const, reference: 'John 3:16', text: '“For God so loved” the ‘world’' };

describe('the rules of a new highlight', () => {
  it('keeps the verse id upper-cased, the reference in canonical form and the text without quotes', () => {
    expect(checkHighlight({ ...mark, verse: 'john.3.16', reference: 'jn 3:16' })).toEqual({
      verse: 'JOHN.3.16',
      color: 'yellow',
      reference: 'John 3:16',
      text: 'For God so loved the world',
    });
  });

  it('refuses a verse id, a reference or a pair that do not name one verse', () => {
    expect(() => checkHighlight({ ...mark, verse: 'JOHN.3' })).toThrow(new Invalid("'JOHN.3' is not a verse id such as JOHN.3.16."));
    expect(() => checkHighlight({ ...mark, reference: 'Hezekiah 1:1' })).toThrow(new Invalid("'Hezekiah 1:1' is not a Bible reference."));
    for (const reference of ['John 3:17', 'John 4:16', '1 John 3:16', 'John 3']) {
      expect(() => checkHighlight({ ...mark, reference }), reference).toThrow(`The reference '${reference}' is not the verse JOHN.3.16.`);
    }
  });
});

describe('the rules of a new note', () => {
  it('keeps what was written and titles it "{Type} for {reference}" unless a title is given', () => {
    expect(checkNote({ type: 'question', content: 'Why?', reference: 'John 3' })).toEqual({
      type: 'question',
      content: 'Why?',
      reference: 'John 3',
      title: 'Question for John 3',
    });
    expect(checkNote({ type: 'freeform', content: 'x', reference: 'Psalms 23', title: 'Mine' }).title).toBe('Mine');
  });

  it('refuses a reference that is not one, with the parser it is given', () => {
    expect(() => checkNote({ type: 'freeform', content: 'x', reference: 'Hezekiah 1:1' })).toThrow(new Invalid("'Hezekiah 1:1' is not a Bible reference."));
    expect(() => checkNote({ type: 'freeform', content: 'x', reference: 'John 3' }, () => undefined)).toThrow(Invalid);
  });
});
