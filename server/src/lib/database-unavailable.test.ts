import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { isUniqueViolation } from './database-errors.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnavailable', () => {
  it('knows a database that cannot be reached, however the query builder wraps it', () => {
    expect(isDatabaseUnavailable(wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(withCode('terminating connection due to administrator command', '57P01')))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
  });

  it('leaves the app’s own database errors to be 500s', () => {
    expect(isDatabaseUnavailable(wrapped(withCode('duplicate key value violates unique constraint', '23505')))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(withCode('syntax error at or near "selec"', '42601')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('isUniqueViolation', () => {
  it('sees a unique-key refusal through the query builder’s wrapper, and nothing else', () => {
    expect(isUniqueViolation(wrapped(withCode('duplicate key value violates unique constraint', '23505')))).toBe(true);
    expect(isUniqueViolation(wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')))).toBe(false);
    expect(isUniqueViolation(new Error('duplicate key'))).toBe(false);
  });
});
