import { describe, expect, it } from 'vitest';
import type { PrayerDay } from '#common/contracts/daily.ts';
import { firstSentence, prayerDayPath, prayerExcerpt, prayerPageHead, prayerSourceNote, referenceSearch } from './prayer-days.ts';

describe('firstSentence', () => {
  it('ends at the first full stop, question or exclamation mark, not at a semicolon', () => {
    expect(firstSentence('The LORD is my shepherd; I shall not want. He maketh me to lie down.')).toBe('The LORD is my shepherd; I shall not want.');
    expect(firstSentence('Lord, who shall abide in thy tabernacle? Who shall dwell in thy holy hill?')).toBe('Lord, who shall abide in thy tabernacle?');
    expect(firstSentence('Father,\n\nthank you for this day. Amen.')).toBe('Father, thank you for this day.');
  });

  it('cuts a long sentence at a word, with an ellipsis', () => {
    const long = `${'Lord, grant us peace and patience '.repeat(10)}today.`;
    const first = firstSentence(long);
    expect(first.length).toBeLessThanOrEqual(160);
    expect(first.endsWith('…')).toBe(true);
    expect(first).not.toMatch(/\s…$/);
  });
});

describe('prayerExcerpt', () => {
  const psalm =
    'The LORD is my shepherd; I shall not want. He maketh me to lie down in green pastures: he leadeth me beside the still waters. ' +
    'He restoreth my soul: he leadeth me in the paths of righteousness for his name’s sake. Yea, though I walk through the valley of the shadow of death, I will fear no evil.';

  it('keeps a short prayer whole', () => {
    expect(prayerExcerpt('Lord, bless us. Amen.', 40)).toEqual({ text: 'Lord, bless us. Amen.', shortened: false });
  });

  it('shortens a long prayer only after a whole sentence, never mid-sentence', () => {
    const { text, shortened } = prayerExcerpt(psalm, 130);
    expect(shortened).toBe(true);
    expect(text).toBe('The LORD is my shepherd; I shall not want. He maketh me to lie down in green pastures: he leadeth me beside the still waters.');
  });

  it('keeps the first sentence whole however long it is', () => {
    const long = `${'That the God of our Lord Jesus Christ may give unto you the spirit of wisdom, '.repeat(6)}and of revelation. Amen.`;
    const { text, shortened } = prayerExcerpt(long, 100);
    expect(text).toBe(long.slice(0, -' Amen.'.length));
    expect(shortened).toBe(true);
  });

  it('ends a sentence inside quotes with the quote', () => {
    expect(prayerExcerpt('‘Yahweh bless you, and keep you.’ ‘Yahweh make his face to shine on you.’', 40).text).toBe('‘Yahweh bless you, and keep you.’');
  });
});

describe('referenceSearch', () => {
  it('opens the reader at the passage’s first verse', () => {
    expect(referenceSearch('Psalms 23:1-6', 'KJV')).toEqual({ book: 'Psalms', chapter: 23, verse: 1, translation: 'KJV' });
    expect(referenceSearch('1 John 1:9', 'KJV')).toEqual({ book: '1 John', chapter: 1, verse: 9, translation: 'KJV' });
    expect(referenceSearch('Song of Solomon 2', null)).toEqual({ book: 'Song of Solomon', chapter: 2 });
    expect(referenceSearch('John 17:1-5, 20-26', 'KJV')).toMatchObject({ book: 'John', chapter: 17, verse: 1 });
  });

  it('is undefined for what is no reference', () => {
    expect(referenceSearch('A prayer for peace', 'KJV')).toBeUndefined();
    expect(referenceSearch('', 'KJV')).toBeUndefined();
  });
});

describe('prayerSourceNote', () => {
  it('names Scripture’s passage (a range with an en dash), the verse AI drafted from, and nothing for an editor’s prayer', () => {
    expect(prayerSourceNote({ source: 'scripture', reference: 'Ephesians 1:15-23', translation: 'KJV' })).toEqual({
      kind: 'scripture',
      reference: 'Ephesians 1:15–23 (KJV)',
    });
    expect(prayerSourceNote({ source: 'ai', reference: 'John 3:16', translation: 'KJV' })).toEqual({ kind: 'ai', reference: 'John 3:16 (KJV)' });
    expect(prayerSourceNote({ source: 'editor', reference: 'John 3:16', translation: 'KJV' })).toBeUndefined();
    expect(prayerSourceNote({ source: 'scripture', reference: null, translation: null })).toBeUndefined();
  });
});

describe('prayerPageHead', () => {
  const day: PrayerDay = {
    day: '2026-11-25',
    prayer: {
      id: 'p1',
      day: '2026-11-25',
      title: 'The Shepherd',
      content: 'The LORD is my shepherd; I shall not want. He maketh me to lie down in green pastures.',
      reference: 'Psalms 23:1-6',
      source: 'scripture',
      translation: 'KJV',
      audioUrl: null,
    },
    previous: '2026-11-24',
    next: null,
    today: '2026-11-25',
  };

  it('titles the page with the day in words and describes it with the first sentence', () => {
    const head = prayerPageHead(day, null, '2026-11-25');
    expect(head.title).toBe('Prayer for Wednesday, 25 November 2026 — Selah');
    expect(head.description).toBe('The LORD is my shepherd; I shall not want.');
    expect(head.canonical).toBe('/previous-prayers/2026-11-25');
    expect(head.image).toBeUndefined();
  });

  it('shows the picture in link previews when there is one', () => {
    const head = prayerPageHead(day, { imageUrl: '/media/p.webp', description: 'Green pastures' }, undefined);
    expect(head.image).toEqual({ url: '/media/p.webp', width: 1080, height: 1080, alt: 'Green pastures' });
    expect(head.canonical).toBe('/previous-prayers');
  });

  it('says so when the day has no prayer', () => {
    expect(prayerPageHead({ ...day, prayer: null }, null, '2026-11-25').description).toBe('There is no prayer in the archive for Wednesday, 25 November 2026.');
  });

  it('has an address for today and for any day', () => {
    expect(prayerDayPath()).toBe('/previous-prayers');
    expect(prayerDayPath('2026-11-24')).toBe('/previous-prayers/2026-11-24');
  });
});
