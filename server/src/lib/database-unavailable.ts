import { errorChain } from './database-errors.ts';

/** What a person is told while the database does not answer (a 503: the request may simply be tried again). */
export const DATABASE_UNAVAILABLE = 'The database is not answering. Try again in a moment.';

// Connection-level failures: the server is stopping, restarting or unreachable. Any other database
// error (a constraint, a bad query) is the app's own and stays a 500.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** SQLSTATE class 08 (connection exception) and 57P01–57P03 (the server shutting down or starting). */
const SERVER_CODES = /^(08...|57P0[1-3])$/;
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Cannot use a pool after calling end/i;

/** Whether `error` (or what it wraps: drizzle wraps the driver's) says the database could not be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of errorChain(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) return true;
    if (DRIVER_MESSAGES.test(e.message)) return true;
  }
  return false;
}
