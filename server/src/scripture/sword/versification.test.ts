import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { PROTESTANT_CANON } from '#common/scripture/canon.ts';
import { getVersification, recordIndex, versificationNames } from './versification.ts';

describe('SWORD versifications', () => {
  it('puts Gen 1:1 and Matt 1:1 at record 4 of their testament files', () => {
    const kjv = getVersification('KJV');
    const gen = kjv.book('Gen')!;
    const matt = kjv.book('Matt')!;
    expect([gen.testament, recordIndex(gen, 1, 1)]).toEqual([1, 4]);
    expect([matt.testament, recordIndex(matt, 1, 1)]).toEqual([2, 4]);
    expect(recordIndex(gen, 0, 0)).toBe(2); // book intro
    expect(recordIndex(gen, 1, 0)).toBe(3); // chapter intro
    expect(recordIndex(gen, 2, 0)).toBe(3 + 1 + 31);
    expect(recordIndex(gen, 1, 32)).toBeUndefined();
    expect(recordIndex(gen, 51, 1)).toBeUndefined();
    expect(recordIndex(gen, 0, 1)).toBeUndefined();
  });

  it('has CANON’s 66 books and verse counts as KJV', () => {
    const kjv = getVersification('KJV');
    expect(kjv.books.map((b) => b.osis)).toEqual(PROTESTANT_CANON.map((b) => b.osis));
    for (const book of PROTESTANT_CANON) expect(kjv.book(book.osis)!.verseCounts).toEqual(book.verseCounts);
    // 2 headers + 39 book intros + 929 chapter intros + 23,145 verses; 2 + 27 + 260 + 7,957.
    expect(kjv.recordCounts).toEqual([24115, 8246]);
  });

  it('adds the apocrypha after Malachi in KJVA', () => {
    const kjva = getVersification('KJVA');
    const ot = kjva.books.filter((b) => b.testament === 1).map((b) => b.osis);
    expect(ot.slice(38)).toEqual(['Mal', '1Esd', '2Esd', 'Tob', 'Jdt', 'AddEsth', 'Wis', 'Sir', 'Bar', 'PrAzar', 'Sus', 'Bel', 'PrMan', '1Macc', '2Macc']);
    expect(kjva.book('Sir')!.verseCounts.length).toBe(51);
    expect(kjva.book('Matt')!.testament).toBe(2);
  });

  it('knows NRSVA, the versification of the Debian WEB module', () => {
    const nrsva = getVersification('NRSVA');
    expect(nrsva.book('EsthGr')!.verseCounts.length).toBe(16);
    expect(nrsva.book('3John')!.verseCounts).toEqual([15]);
    expect(nrsva.book('Rev')!.verseCounts[11]).toBe(18);
    expect(nrsva.recordCounts).toEqual([31027, 8248]);
  });

  it('builds every versification SWORD 1.9 knows, case-insensitively', () => {
    expect(versificationNames()).toHaveLength(18);
    for (const name of versificationNames()) {
      const v11n = getVersification(name.toLowerCase());
      expect(v11n.name).toBe(name);
      expect(v11n.books.length).toBeGreaterThanOrEqual(39);
    }
    expect(getVersification().name).toBe('KJV');
    expect(() => getVersification('Nonesuch')).toThrow(/unknown SWORD versification/);
  });
});

// The record layout is only right if every count is: the .bzv files must hold exactly as many records.
const MODULES = [
  ['/usr/share/sword/modules/texts/ztext/engKJV2006eb', 'KJV'],
  ['/usr/share/sword/modules/texts/ztext/engWEB2015eb', 'NRSVA'],
  ['/usr/share/sword/modules/comments/zcom/mhcc', 'KJV'],
] as const;

describe.skipIf(!MODULES.every(([dir]) => existsSync(dir)))('versification against module files (needs Debian sword-text-kjv, -web, sword-comm-mhcc)', () => {
  it.each(MODULES)('%s has one 10-byte record per %s slot', (dir, name) => {
    const v11n = getVersification(name);
    expect(statSync(`${dir}/ot.bzv`).size).toBe(v11n.recordCounts[0] * 10);
    expect(statSync(`${dir}/nt.bzv`).size).toBe(v11n.recordCounts[1] * 10);
  });
});
