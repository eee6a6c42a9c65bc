import { describe, expect, it } from 'vitest';
import type { Highlight, Note } from '#common/contracts/study.ts';
import { withPendingHighlights, withPendingNotes, type PendingChange } from './pending-changes.ts';

const note = (id: string, content: string): Note => ({
  id,
  type: 'freeform',
  content,
  reference: 'Ruth 1:16',
  title: 'Note on Ruth 1:16',
  userId: 'u1',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const mark = (id: string, verse: string, color: Highlight['color']): Highlight => ({
  id,
  verse,
  color,
  reference: verse,
  text: '',
  userId: 'u1',
  createdAt: '',
});

describe('changes made offline, drawn into what the server last said', () => {
  const pending: PendingChange[] = [
    { id: 'c1', kind: 'note-create', note: note('n3', 'Written offline') },
    { id: 'c2', kind: 'note-edit', note: note('n1', 'Old'), content: 'Edited offline', baseUpdatedAt: '2026-11-01T00:00:00.000Z' },
    { id: 'c3', kind: 'note-delete', noteId: 'n2' },
    { id: 'c4', kind: 'highlight-set', highlight: mark('pending-1', 'RUTH.1.17', 'pink') },
    { id: 'c5', kind: 'highlight-set', highlight: mark('pending-2', 'RUTH.1.16', 'green') },
    { id: 'c6', kind: 'highlight-delete', highlightId: 'h9', verse: 'RUTH.1.18' },
  ];

  it('shows new notes first, edits applied and deleted notes gone; a filtered page takes no new ones', () => {
    const server = [note('n1', 'Old'), note('n2', 'Gone soon')];
    expect(withPendingNotes(server, pending).map((n) => [n.id, n.content])).toEqual([
      ['n3', 'Written offline'],
      ['n1', 'Edited offline'],
    ]);
    expect(withPendingNotes(server, pending, { created: false }).map((n) => n.id)).toEqual(['n1']);
    expect(withPendingNotes(server, [])).toEqual(server);
  });

  it('keeps one highlight a verse: a new colour replaces the old, a deletion removes it', () => {
    const server = [mark('h1', 'RUTH.1.16', 'yellow'), mark('h9', 'RUTH.1.18', 'blue')];
    expect(withPendingHighlights(server, pending).map((h) => [h.verse, h.color])).toEqual([
      ['RUTH.1.17', 'pink'],
      ['RUTH.1.16', 'green'],
    ]);
    expect(withPendingHighlights(server, pending, { created: false }).map((h) => [h.id, h.color])).toEqual([['h1', 'green']]);
  });
});
