import { describe, expect, it } from 'vitest';
import { isHiddenError } from './error-filter.ts';

describe('errors hidden from people (spec §8)', () => {
  it('hides time-outs, reCAPTCHA, cross-origin, quota, failed fetches and extension errors', () => {
    for (const message of [
      'Request timed out',
      'recaptcha not ready',
      'Script error.',
      'QuotaExceededError: storage full',
      'TypeError: Failed to fetch',
      'Network error: Unable to reach server',
    ]) {
      expect(isHiddenError(message), message).toBe(true);
    }
    expect(isHiddenError('boom', 'chrome-extension://abc/content.js')).toBe(true);
  });

  it('lets real application errors through', () => {
    expect(isHiddenError("Cannot read properties of undefined (reading 'verses')")).toBe(false);
  });
});
