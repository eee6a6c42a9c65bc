/**
 * Accounts e2e/seed.ts puts in the database before the server starts: an admin (no page can make
 * one) and a reader with a display name, for tests that only need someone signed in.
 */
export const SEEDED_ADMIN = { email: 'overseer@example.org', password: 'keeper of the vineyard', displayName: 'Site Overseer', role: 'admin' } as const;
export const SEEDED_READER = { email: 'quiet.reader@example.org', password: 'be still and know', displayName: 'Quiet Reader', role: 'user' } as const;
export const SEEDED_ACCOUNTS = [SEEDED_ADMIN, SEEDED_READER];
