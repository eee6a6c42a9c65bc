import { setImmediate } from 'node:timers/promises';

/**
 * Lets the event loop answer waiting requests. The embedded database (PGlite) runs each statement on
 * this thread and resolves without a macrotask in between, so a long run of statements would
 * otherwise hold every other request until it ends.
 */
export function yieldToEventLoop(): Promise<void> {
  return setImmediate();
}
