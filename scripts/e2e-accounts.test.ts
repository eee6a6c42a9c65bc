import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const E2E = new URL('../e2e/', import.meta.url);

/**
 * The browser tests share one server and database: an account signed up in two files makes the
 * second sign-up fail, depending on the order they run in. Each address belongs to one file.
 */
describe('browser-test accounts', () => {
  it('are each made in one test file only', () => {
    const owners = new Map<string, string[]>();
    for (const file of readdirSync(E2E).filter((f) => f.endsWith('.ts'))) {
      const addresses = new Set(readFileSync(new URL(file, E2E), 'utf8').match(/[\w.+-]+@example\.org/g) ?? []);
      for (const address of addresses) owners.set(address, [...(owners.get(address) ?? []), file]);
    }
    const shared = [...owners].filter(([, files]) => files.length > 1);
    expect(shared).toEqual([]);
    expect(owners.size).toBeGreaterThan(10);
  });
});
