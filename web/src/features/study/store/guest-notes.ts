import type { Note } from '#common/contracts/study.ts';
import { localList } from '../../../lib/local-list.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';

/** A guest's notes, kept in the browser (spec §3 `guestNotes`, §6). */
export const guestNotes = localList<Note>(STORAGE_KEYS.guestNotes);
