import { describe, expect, it } from 'vitest';
import type { Highlight, Note } from '#common/contracts/study.ts';
import { guestHighlightsPage, guestNotesPage } from './guest-lists.ts';

const note = (i: number, over: Partial<Note> = {}): Note => ({
  id: `n${i}`,
  type: 'freeform',
  content: `Note ${i}`,
  reference: 'John 3:16',
  title: `Freeform for John 3:16`,
  userId: 'guest',
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
  updatedAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
  ...over,
});

describe("a guest's lists in the browser", () => {
  it('orders newest first and pages by 20 with the total', () => {
    const all = Array.from({ length: 45 }, (_, i) => note(i));
    const first = guestNotesPage(all, {});
    expect(first.total).toBe(45);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.id).toBe('n44');
    expect(guestNotesPage(all, { page: 3 }).items.map((n) => n.id)).toEqual(['n4', 'n3', 'n2', 'n1', 'n0']);
  });

  it('searches text and title ignoring case, and filters by type and book as the server does', () => {
    const all = [
      note(1, { content: 'Grace upon grace', type: 'quote' }),
      note(2, { content: 'Who was Orpah?', type: 'question', reference: 'Ruth 1:4', title: 'Question for Ruth 1:4' }),
      note(3, { content: 'Light', reference: '1 John 1:5' }),
    ];
    expect(guestNotesPage(all, { q: 'GRACE' }).items.map((n) => n.id)).toEqual(['n1']);
    expect(guestNotesPage(all, { q: 'ruth' }).items.map((n) => n.id)).toEqual(['n2']);
    expect(guestNotesPage(all, { type: 'question' }).total).toBe(1);
    // "John" is not "1 John".
    expect(guestNotesPage(all, { book: 'John' }).items.map((n) => n.id)).toEqual(['n1']);
  });

  it('filters highlights by colour, book and words', () => {
    const mark = (id: string, color: Highlight['color'], reference: string, text: string): Highlight => ({
      id,
      verse: 'X.1.1',
      color,
      reference,
      text,
      userId: 'guest',
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    const all = [mark('a', 'yellow', 'Psalms 23:1', 'The LORD is my shepherd'), mark('b', 'pink', 'John 3:16', 'For God so loved')];
    expect(guestHighlightsPage(all, { color: 'pink' }).items.map((h) => h.id)).toEqual(['b']);
    expect(guestHighlightsPage(all, { book: 'Psalms', q: 'shepherd' }).items.map((h) => h.id)).toEqual(['a']);
    expect(guestHighlightsPage(all, { q: 'john 3' }).items.map((h) => h.id)).toEqual(['b']);
  });
});
