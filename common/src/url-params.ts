/**
 * Readers for URL search parameters. Hand-written rather than zod because they run in every page's
 * first load, where each kilobyte counts; a bad value falls back to the default.
 */
export function stringParam(value: unknown, options: { max?: number; upper?: boolean } = {}): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  let s = String(value).trim();
  if (!s || s.length > (options.max ?? 200)) return undefined;
  if (options.upper) s = s.toUpperCase();
  return s;
}

export function intParam(value: unknown, min: number, max: number): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

export function enumParam<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

/**
 * Where to go after signing in: a path on this site only ("/profile", "/notes?q=love"), never another
 * site ("//evil.example", "https://…", "/\\evil"), so the parameter cannot be used to send people away.
 */
export function localPathParam(value: unknown): string | undefined {
  const s = stringParam(value, { max: 300 });
  return s && /^\/(?![/\\])/.test(s) ? s : undefined;
}
