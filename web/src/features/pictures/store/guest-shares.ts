import { queryOptions } from '@tanstack/react-query';
import { localList } from '../../../lib/local-list.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';

/** A verse a guest shared from this browser: the key proves it is theirs when they delete it. */
export interface GuestShare {
  id: string;
  ownerKey: string;
  reference: string;
  translation: string;
  verseText: string;
  createdAt: string;
}

export const guestShares = localList<GuestShare>(STORAGE_KEYS.guestSharedVerses);

/** The guest's shares as a query, like the other guest lists: read again when invalidated after a change. */
export const guestSharesQuery = queryOptions({ queryKey: ['shared-verses', 'guest'], queryFn: () => guestShares.read(), staleTime: Infinity });
