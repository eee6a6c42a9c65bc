import { ApiError, apiPost } from '../../../lib/api-client.ts';
import { SUBSCRIBED_MESSAGE } from '#common/newsletter/rules.ts';

/** Spec §8: what the form says when the server gives no message (a network failure included). */
export const SUBSCRIBE_FAILED = 'Something went wrong. Please try again.';

/** POST /api/newsletter/subscribe: the server's message, or the spec's wording when it gives none. */
export async function subscribe(email: string): Promise<string> {
  try {
    const reply = await apiPost<{ message?: string }>('/api/newsletter/subscribe', { email });
    return reply.message || SUBSCRIBED_MESSAGE;
  } catch (error) {
    throw new Error((error instanceof ApiError && error.serverMessage) || SUBSCRIBE_FAILED);
  }
}

/** The confirm and unsubscribe links in the mail land on pages that ask before they act (mail scanners open links). */
export const confirmSubscription = (token: string) => apiPost<{ message: string }>('/api/newsletter/confirm', { token });
export const unsubscribe = (token: string) => apiPost<{ message: string }>('/api/newsletter/unsubscribe', { token });
