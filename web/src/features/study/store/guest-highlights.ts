import type { Highlight } from '#common/contracts/study.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { localList } from '../../../lib/local-list.ts';

/** A guest's highlights, kept in the browser under the guest key (spec §3, §6). */
const guestList = localList<Highlight>(STORAGE_KEYS.guestHighlights);
export const guestHighlights = {
  ...guestList,
  /** One per verse, as on the server: highlighting again changes the colour. */
  put(h: Highlight): void {
    guestList.write([h, ...guestList.read().filter((x) => x.verse !== h.verse)]);
  },
};
