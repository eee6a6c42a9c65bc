import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH, parseBoundedJson } from './bounded-json.ts';

describe('bounded JSON', () => {
  it('measures nesting without parsing, ignoring brackets inside strings', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[[[["}')).toBe(1);
    expect(jsonDepth('['.repeat(100_000))).toBe(MAX_JSON_DEPTH + 1); // stops counting past the limit
  });

  it('parses ordinary bodies and refuses deep, broken and prototype-polluting ones with a message', () => {
    expect(parseBoundedJson('{"notes":[{"a":1}]}')).toEqual({ notes: [{ a: 1 }] });
    expect(() => parseBoundedJson('['.repeat(100_000) + ']'.repeat(100_000))).toThrow('The request body is nested too deeply.');
    expect(() => parseBoundedJson('{"a":')).toThrow('The request body is not valid JSON.');
    expect(() => parseBoundedJson('{"__proto__":{"admin":true}}')).toThrow('The request body is not valid JSON.');
    expect(() => parseBoundedJson('{"constructor":{"prototype":{"admin":true}}}')).toThrow('The request body is not valid JSON.');
    expect(parseBoundedJson('{"constructor":"a name"}')).toEqual({ constructor: 'a name' });
  });
});
