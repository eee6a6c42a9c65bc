import { describe, expect, it } from 'vitest';
import { intParam, localPathParam, stringParam } from './url-params.ts';

describe('URL parameters', () => {
  it('reads strings and whole numbers, falling back on bad values', () => {
    expect(stringParam('  John ', { max: 40 })).toBe('John');
    expect(stringParam('kjv', { upper: true })).toBe('KJV');
    expect(stringParam('x'.repeat(41), { max: 40 })).toBeUndefined();
    expect(intParam('3', 1, 200)).toBe(3);
    expect(intParam('3.5', 1, 200)).toBeUndefined();
    expect(intParam(0, 1, 200)).toBeUndefined();
  });

  it('accepts only paths on this site as where to go after signing in', () => {
    expect(localPathParam('/profile')).toBe('/profile');
    expect(localPathParam('/notes?q=love')).toBe('/notes?q=love');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', 42]) expect(localPathParam(bad)).toBeUndefined();
  });
});
