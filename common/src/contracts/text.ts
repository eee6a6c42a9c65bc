/**
 * The one rule every piece of text that reaches the server must keep: no U+0000 (PostgreSQL cannot
 * store it in text) and no lone surrogate (it has no UTF-8 form). The server applies it to every
 * request's body, query and path before any route runs (server/src/http/input-guard.ts).
 */
// Without the u flag the pattern sees UTF-16 code units, so it can find a surrogate with no partner.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function unsafeText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** Whether any string in a value, object keys included, breaks the rule (`maxDepth` bounds the walk). */
export function holdsUnsafeText(value: unknown, maxDepth = 64): boolean {
  if (typeof value === 'string') return unsafeText(value);
  if (value === null || typeof value !== 'object' || maxDepth <= 0 || value instanceof Uint8Array) return false;
  if (Array.isArray(value)) return value.some((v) => holdsUnsafeText(v, maxDepth - 1));
  for (const [k, v] of Object.entries(value)) if (unsafeText(k) || holdsUnsafeText(v, maxDepth - 1)) return true;
  return false;
}
