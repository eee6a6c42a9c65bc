import { Invalid } from './errors.ts';

/**
 * JSON read with bounds, for request bodies and uploaded files alike: a text nested deeper than
 * MAX_JSON_DEPTH is refused before it is parsed (re-encoding or validating a 100,000-deep body overflows
 * the stack), and prototype keys are refused as Fastify's own parser does. Errors are Invalid, with a
 * message a person can read.
 */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP = 'The request body is nested too deeply.';
export const NOT_JSON = 'The request body is not valid JSON.';

/** How deep a JSON text nests, counted without parsing it; stops counting past `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** JSON.parse with the depth bound; throws Invalid with a message a person can read. */
export function parseBoundedJson(text: string): unknown {
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new Invalid(TOO_DEEP);
  try {
    return JSON.parse(text, noPrototypeKeys);
  } catch {
    throw new Invalid(NOT_JSON);
  }
}

// Fastify's own parser refuses __proto__ and constructor.prototype: keep that protection.
function noPrototypeKeys(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new Invalid(NOT_JSON);
  if (key === 'constructor' && value && typeof value === 'object' && 'prototype' in value) throw new Invalid(NOT_JSON);
  return value;
}

/** What a request or a file holding U+0000 or a lone surrogate is told (common/contracts/text.ts's rule). */
export const UNSAFE_TEXT = 'The request holds characters that cannot be stored (a null character or a broken Unicode sequence).';
