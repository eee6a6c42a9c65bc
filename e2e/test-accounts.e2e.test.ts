import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// All browser test files share one server: an address signed up in two files makes the later sign-up
// fail (or follow the other file's mail), so each file keeps its accounts to itself.
describe('browser test accounts', () => {
  it('are never shared between test files', () => {
    const dir = new URL('.', import.meta.url).pathname;
    const owners = new Map<string, string>();
    const shared: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      for (const [email] of readFileSync(dir + file, 'utf8').matchAll(/[\w.]+@example\.org/g)) {
        const owner = owners.get(email);
        if (owner && owner !== file) shared.push(`${email}: ${owner} and ${file}`);
        owners.set(email, file);
      }
    }
    expect(shared).toEqual([]);
  });
});
