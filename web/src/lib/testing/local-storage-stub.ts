import { vi } from 'vitest';

/**
 * For unit tests, which run in Node: an in-memory localStorage in place of the browser's, emptied
 * first. Returns what it holds; `vi.unstubAllGlobals()` puts things back.
 */
export function stubLocalStorage(held: Map<string, string>): Map<string, string> {
  held.clear();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => held.get(k) ?? null,
    setItem: (k: string, v: string) => void held.set(k, v),
    removeItem: (k: string) => void held.delete(k),
  });
  return held;
}
