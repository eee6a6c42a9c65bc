import type { Conversation } from '#common/contracts/conversations.ts';
import { localList } from '../../../lib/local-list.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';

/** A guest's conversations, newest first, in the browser until they sign in (then on the account). */
export const guestConversations = localList<Conversation>(STORAGE_KEYS.guestConversations);
