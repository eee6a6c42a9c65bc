/**
 * Module versions compared the way SWORD's install manager does, so "update available" means the same
 * here as in BibleTime or Xiphos: up to four dot-separated parts, each read as the number its leading
 * digits make (`2.5a` is 2.5, `1.0-PROVISIONAL` is 1.0), a missing part below every present one (`1.0`
 * is newer than `1`), and a conf without a Version counts as 1.0.
 */
export const DEFAULT_VERSION = '1.0';

export function versionParts(version: string | undefined): number[] {
  const parts = (version?.trim() || DEFAULT_VERSION).split('.').slice(0, 4);
  const numbers = parts.map((part) => {
    const digits = /^\s*[+-]?\d+/.exec(part)?.[0];
    return digits ? Number.parseInt(digits, 10) : 0;
  });
  while (numbers.length < 4) numbers.push(-1);
  return numbers;
}

/** Negative when `a` is older than `b`, positive when newer, 0 when SWORD sees the same version. */
export function compareVersions(a: string | undefined, b: string | undefined): number {
  const left = versionParts(a);
  const right = versionParts(b);
  for (let i = 0; i < 4; i++) if (left[i] !== right[i]) return left[i]! < right[i]! ? -1 : 1;
  return 0;
}
