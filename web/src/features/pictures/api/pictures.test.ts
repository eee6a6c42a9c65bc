import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { setServerTransport } from '../../../lib/api-client.ts';
import { guestShares } from '../store/guest-shares.ts';
import { shareVerse } from './pictures.ts';
import { stubLocalStorage } from '../../../lib/testing/local-storage-stub.ts';

const store = new Map<string, string>();

beforeEach(() => {
  stubLocalStorage(store);
  // A guest's share: the server answers the key that deletes it.
  setServerTransport(async () => Response.json({ shareCode: 'abc123def0', ownerKey: 'k'.repeat(32) }, { status: 201 }));
});
afterEach(() => vi.unstubAllGlobals());

// Spec §7: a first share earns Pass It On, so the progress figures are read again; a guest's share is kept here.
it('keeps a guest share in this browser and refreshes the progress figures', async () => {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const style = { fontStyle: 'classic', backgroundColor: '#ffffff', textColor: '#000000' } as const;
  const code = await shareVerse(queryClient, { verseText: 'Jesus wept.', reference: 'John 11:35', translation: 'KJV', customGraphicUrl: null, ...style });
  expect(code).toBe('abc123def0');
  expect(guestShares.read()).toMatchObject([{ id: 'abc123def0', reference: 'John 11:35' }]);
  expect(invalidate).toHaveBeenCalledWith({ queryKey: ['progress'] });
  expect(invalidate).toHaveBeenCalledWith({ queryKey: ['shared-verses', 'guest'] });
});
