/** Spec §5: non-empty and a simple email pattern (the same check in the browser and on the server). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL = 'Please enter a valid email address';
/** Spec §8: what the form says on success when the server gives no message. */
export const SUBSCRIBED_MESSAGE = 'Thanks! Please check your email to confirm.';
