/**
 * What the API answers (401) when a request still carries a session cookie whose session has ended —
 * signed out on another device, a new password, a deleted account. The web app shows a sign-in
 * dialog when it sees it, so nothing a person was writing is lost. No zod: the browser imports this.
 */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
/** The browser event the API client sends when a reply says SESSION_ENDED. */
export const SESSION_ENDED_EVENT = 'selah:session-ended';
