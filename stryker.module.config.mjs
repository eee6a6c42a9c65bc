// npm run test:mutation:module -- MUTATE="common/src/plans/*.ts": one module's mutation score, static
// mutants included. The whole run (stryker.config.json) leaves static mutants out, since each needs the
// whole unit suite (about 12 hours for all of common/); Stryker then counts them as survived, so its
// score there is a floor. One module's static mutants are run only against the tests that import it.
import { readFileSync } from 'node:fs';

const base = JSON.parse(readFileSync(new URL('./stryker.config.json', import.meta.url), 'utf8'));
const files = (process.env.MUTATE ?? '').split(',').filter(Boolean);
if (files.length === 0) throw new Error('Name the files to mutate: MUTATE="common/src/plans/*.ts" npm run test:mutation:module');

export default {
  ...base,
  mutate: [...files, '!**/*.test.ts'],
  ignoreStatic: false,
  reporters: ['clear-text', 'progress'],
};
