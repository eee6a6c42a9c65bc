import { expect, it } from 'vitest';
import { parseStrongsEntry, strongsNumber } from './strongs-entry.ts';

it("reads a Strong's number as typed, or nothing", () => {
  expect(['G26', 'g026', ' h02617 ', 'H7225'].map(strongsNumber)).toEqual(['G26', 'G26', 'H2617', 'H7225']);
  expect(['X26', 'G', 'G123456', 'G2a', '26'].map(strongsNumber)).toEqual([undefined, undefined, undefined, undefined, undefined]);
});

it('keeps a derivation word met in the text, and drops the Beta-code spelling', () => {
  const entry = parseStrongsEntry(
    '<entryFree n="00025"><orth>ἀγαπάω</orth><orth type="writing">A)GAPA/W</orth><orth rend="bold" type="trans">agapáō</orth>' +
      '<pron rend="italic">ag-ap-ah\'-o</pron><lb/> <lb/>perhaps from <orth>ἄγαν</orth><orth type="writing">A)/GAN</orth>' +
      '<orth rend="bold" type="trans">ágan</orth> (much);<lb/><def>to love &amp; more</def></entryFree>',
  );
  expect(entry).toEqual({
    word: 'ἀγαπάω',
    transliteration: 'agapáō',
    pronunciation: "ag-ap-ah'-o",
    definition: ['perhaps from ἄγαν ágan (much);', 'to love & more'],
  });
});
