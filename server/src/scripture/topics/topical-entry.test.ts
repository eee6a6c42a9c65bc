import { describe, expect, it } from 'vitest';
import { parseConf } from '../sword/conf.ts';
import { debianSwordModule } from '../importers/testing.ts';
import { joinNeighbours, osisRange, osisToReference } from './osis-references.ts';
import { parseTopicalEntry, referencesOf } from './topical-entry.ts';
import { isTopicalIndex, TopicalIndex, topicTitle } from './topical-index.ts';

const nave = debianSwordModule('Nave');

describe('a topical index’s references as Selah writes them', () => {
  it('turns OSIS references into the reader’s references', () => {
    expect(osisToReference('Exod.23.5')).toBe('Exodus 23:5');
    expect(osisToReference('Ps.35.1-Ps.35.28')).toBe('Psalms 35:1-28');
    expect(osisToReference('Matt.5.43-Matt.6.4')).toBe('Matthew 5:43-6:4');
    expect(osisToReference('1Cor.13.4')).toBe('1 Corinthians 13:4');
    expect(osisToReference('Ps.23')).toBe('Psalms 23');
    expect(osisToReference('Nowhere.1.1')).toBeUndefined();
    // An end before its start is the start alone.
    expect(osisToReference('John.3.16-John.3.2')).toBe('John 3:16');
    expect(osisRange('John.3.16-John.3.18')).toMatchObject({ chapter: 3, verse: 16, endChapter: 3, endVerse: 18 });
  });

  it('joins neighbouring verses, leaves out long and repeated passages', () => {
    expect(joinNeighbours(['Job.31.29', 'Job.31.30', 'Prov.24.17', 'Prov.24.18', 'Ps.35.1-Ps.35.28', 'Job.31.30', 'Rom.12.14'])).toEqual([
      'Job.31.29-Job.31.30',
      'Prov.24.17-Prov.24.18',
      'Rom.12.14',
    ]);
    // Next verse of another chapter or book is not a neighbour.
    expect(joinNeighbours(['John.3.36', 'John.4.1', 'Jude.1.2'])).toEqual(['John.3.36', 'John.4.1', 'Jude.1.2']);
  });
});

describe('an entry’s sub-headings, items, references and links', () => {
  it('reads headings with their references, the list after a heading as its items, and "See" links with what they say', () => {
    const entry = parseTopicalEntry(
      '<entryFree n="X"><def>\n<lb/>→ OF ENEMIES <ref osisRef="Exod.23.4">Ex 23:4</ref>,<ref osisRef="Exod.23.5">5</ref>; <ref osisRef="Phlm.1.1">Phm 1</ref>:10-18\n' +
        '<list>\n<item>See <ref target="Nave:ENEMY">ENEMY</ref></item>\n</list>\n' +
        '<lb/>→ INSTANCES OF\n<list>\n<item>Esau forgives &#8220;Jacob&#8221; <ref osisRef="Gen.33.4">Ge 33:4</ref></item>\n<item>Boldness in</item>\n</list>\n' +
        '<lb/>→ OF SINS\n<list>\n<item>See <ref target="Nave:SIN">SIN</ref>, FORGIVENESS OF</item>\n</list>\n' +
        '<lb/>→ OF <ref target="Nave:GOD">GOD</ref>, LOVE OF</def></entryFree>',
    );
    expect(entry.headings).toEqual([
      {
        title: 'OF ENEMIES',
        // Nave's writes a one-chapter book's verses after the link, which points to verse 1: "Phm 1</ref>:10-18" is Philemon 10-18.
        references: ['Exod.23.4', 'Exod.23.5', 'Phlm.1.10-Phlm.1.18'],
        see: [],
        items: [{ title: '', references: [], see: [{ key: 'ENEMY', label: 'ENEMY' }] }],
      },
      {
        title: 'INSTANCES OF',
        references: [],
        see: [],
        items: [
          { title: 'Esau forgives “Jacob”', references: ['Gen.33.4'], see: [] },
          { title: 'Boldness in', references: [], see: [] },
        ],
      },
      { title: 'OF SINS', references: [], see: [], items: [{ title: '', references: [], see: [{ key: 'SIN', label: 'SIN, FORGIVENESS OF' }] }] },
      { title: 'OF', references: [], see: [{ key: 'GOD', label: 'GOD, LOVE OF' }], items: [] },
    ]);
  });

  it('reads the verses Nave’s writes after a one-chapter book’s link, and leaves other links alone', () => {
    const line = (markup: string) => parseTopicalEntry(`<lb/>x ${markup}`).headings[0]!.references;
    expect(line('<ref osisRef="Jude.1.1">Jude 1</ref>:14,15; <ref osisRef="3John.1.1">3Jo 1</ref>:9-11')).toEqual([
      'Jude.1.14',
      'Jude.1.15',
      '3John.1.9-3John.1.11',
    ]);
    expect(line('<ref osisRef="Jude.1.1">Jude 1</ref>; <ref osisRef="Rom.1.1">Ro 1</ref>:7')).toEqual(['Jude.1.1', 'Rom.1.1']);
  });

  it('survives markup that is not Nave’s: no lines, stray tags, unknown entities, nothing at all', () => {
    expect(parseTopicalEntry('')).toEqual({ headings: [] });
    expect(parseTopicalEntry('Plain words &bogus; &#99999999; <b>bold</b>').headings).toEqual([
      { title: 'Plain words &bogus; &#99999999; bold', references: [], see: [], items: [] },
    ]);
    expect(parseTopicalEntry('<lb/><list><item></item></list><lb/>').headings).toEqual([]);
  });
});

describe('a topic’s name as a person reads it', () => {
  it('writes Nave’s capitals as a title, small words in lower case, and leaves mixed case alone', () => {
    expect(
      ['ANGER OF GOD', 'ASS (DONKEY)', 'BEN-DEKAR (R. V.)', 'ABSTINENCE, TOTAL', 'JESUS, THE CHRIST', 'FATHER-IN-LAW', 'A', 'ÉLAN'].map(topicTitle),
    ).toEqual(['Anger of God', 'Ass (Donkey)', 'Ben-Dekar (R. V.)', 'Abstinence, Total', 'Jesus, The Christ', 'Father-in-Law', 'A', 'Élan']);
    expect(topicTitle('Love of God')).toBe('Love of God');
  });
});

describe('the topical-index rule', () => {
  it('takes a dictionary whose Library of Congress heading or title says topical, and nothing else', () => {
    const conf = (lines: string) => parseConf(`[X]\nDataPath=./x\n${lines}`);
    expect(isTopicalIndex(conf('ModDrv=zLD\nLCSH=Bible--Indexes, Topical.'))).toBe(true);
    expect(isTopicalIndex(conf("ModDrv=zLD\nDescription=Torrey's New Topical Textbook"))).toBe(true);
    expect(isTopicalIndex(conf('ModDrv=zLD\nDescription=Easton Bible Dictionary'))).toBe(false);
    expect(isTopicalIndex(conf('ModDrv=zCom\nDescription=A topical commentary'))).toBe(false);
  });
});

describe.skipIf(!nave)('Nave’s Topical Bible read whole (needs Debian sword-dict-naves)', () => {
  const index = nave ? TopicalIndex.open(nave) : undefined;

  it('is a topical index by its conf, with its 5,320 topics (two keys differ only in case) in the module’s order', () => {
    expect(isTopicalIndex(nave!.conf)).toBe(true);
    const names = index!.names();
    expect(names).toHaveLength(5320);
    expect(names.slice(0, 3)).toEqual(['AARON', 'ABADDON', 'ABAGTHA']);
    expect(index!.nameOf('forgiveness')).toBe('FORGIVENESS');
    expect(index!.nameOf('no such topic')).toBeUndefined();
  });

  it('reads FORGIVENESS: its sub-headings, references and links to ENEMY and SIN', () => {
    const entry = index!.entry('Forgiveness')!;
    expect(entry.headings.map((h) => h.title)).toEqual(['OF ENEMIES', 'INSTANCES OF', 'OF SINS']);
    expect(entry.headings[0]!.references.slice(0, 3)).toEqual(['Exod.23.4', 'Exod.23.5', 'Prov.19.11']);
    expect(entry.headings[0]!.items[0]!.see).toEqual([{ key: 'ENEMY', label: 'ENEMY' }]);
    expect(entry.headings[1]!.items[0]).toEqual({ title: 'Esau forgives Jacob', references: ['Gen.33.4', 'Gen.33.11'], see: [] });
    expect(entry.headings[1]!.items.at(-1)).toEqual({ title: 'Jesus forgives his enemies', references: ['Luke.23.34'], see: [] });
    expect(entry.headings[2]!.items[0]!.see).toEqual([{ key: 'SIN', label: 'SIN, FORGIVENESS OF' }]);
    expect(referencesOf(entry)).toHaveLength(30 + 16);
  });

  it('parses every entry, each reference one Selah can place, and finds most "See" links', () => {
    let references = 0;
    let placed = 0;
    let links = 0;
    let found = 0;
    for (const name of index!.names()) {
      const entry = index!.entry(name)!;
      expect(entry.headings.length, name).toBeGreaterThan(0);
      for (const osis of referencesOf(entry)) {
        references++;
        if (osisRange(osis)) placed++;
      }
      for (const line of entry.headings.flatMap((h) => [h, ...h.items]))
        for (const see of line.see) {
          links++;
          if (index!.linked(see.key)) found++;
        }
    }
    expect(references).toBeGreaterThan(75_000);
    expect(placed / references).toBeGreaterThan(0.999);
    expect(links).toBeGreaterThan(4000);
    expect(found / links).toBeGreaterThan(0.9);
  });

  it('follows links by a shorter name to the entry that starts so', () => {
    expect(index!.linked('ASS')).toBe('ASS (DONKEY)');
    expect(index!.linked('abstinence')).toBe('ABSTINENCE, TOTAL');
    expect(index!.linked('HORSES')).toBe('HORSE');
    expect(index!.linked('')).toBeUndefined();
  });

  it('finds the topic a word names, in its plural or other forms, and not for short or general words', () => {
    expect(index!.namedBy(['enemies'])).toEqual(['ENEMY']);
    expect(index!.namedBy(['Forgiveness'])).toEqual(['FORGIVENESS']);
    expect(index!.namedBy(['tithing', 'fast'])).toEqual(['TITHES', 'FASTING']);
    expect(index!.namedBy(['jealous'])).toEqual(['JEALOUSY']);
    expect(index!.namedBy(['help', 'know', 'the', 'christians', 'treat'])).toEqual([]);
  });
});
