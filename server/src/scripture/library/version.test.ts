import { describe, expect, it } from 'vitest';
import { compareVersions, versionParts } from './version.ts';

describe('compareVersions (SWORD’s rule)', () => {
  it('compares up to four numeric parts, a missing part below a present one', () => {
    expect(compareVersions('2.0', '1.1')).toBe(1);
    expect(compareVersions('1.10', '1.9')).toBe(1); // numbers, not text
    expect(compareVersions('1.0', '1')).toBe(1);
    expect(compareVersions('426.0', '426.0')).toBe(0);
    expect(compareVersions('14.3', '14.3.1')).toBe(-1);
    expect(compareVersions('1.2.3.4.9', '1.2.3.4')).toBe(0); // a fifth part is not read
  });

  it('reads the leading digits of each part and takes a missing Version as 1.0', () => {
    expect(versionParts('2.5a')).toEqual([2, 5, -1, -1]);
    expect(versionParts('1.0-PROVISIONAL')).toEqual([1, 0, -1, -1]);
    expect(versionParts('beta')).toEqual([0, -1, -1, -1]);
    expect(compareVersions(undefined, '1.0')).toBe(0);
    expect(compareVersions('', '1.0')).toBe(0);
    expect(compareVersions('1.0.1', undefined)).toBe(1);
  });
});
