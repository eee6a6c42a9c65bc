/** How long a change on one process may take to show on another (issue 32). */
export const WITHIN_MS = 2_000;

/**
 * Asks until `seen` holds, and answers how long that took; fails once it has not held for `within` ms.
 * Asks again and again rather than sleeping a set time, so a busy machine only makes it slower, never wrong.
 */
export async function seenWithin(what: string, seen: () => Promise<boolean>, within = WITHIN_MS): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await seen()) return performance.now() - start;
    if (performance.now() - start > within) throw new Error(`${what}: not seen on the other process within ${within} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
