import { describe, expect, it } from 'vitest';

import { plainText, type VerseNode } from '#common/scripture/content.ts';
import { parseStrongs } from './osis-mapper.ts';
import { OsisConverter, osisToNodes, repairFragment } from './osis-to-nodes.ts';

const texts = (nodes: VerseNode[]) => nodes.filter((n) => n.type === 'text');
const blocks = (nodes: VerseNode[]) => nodes.filter((n) => n.type !== 'text').map((n) => n.type);

describe('osisToNodes', () => {
  it('keeps the source whitespace so plain text reads as the verse', () => {
    const nodes = osisToNodes('In the <w lemma="strong:H7225">beginning</w> <w lemma="strong:H0430">God</w> <w lemma="strong:H1254">created</w> the heaven.');
    expect(plainText(nodes)).toBe('In the beginning God created the heaven.');
    expect(nodes[1]).toEqual({ type: 'text', text: 'beginning', strongs: ['H7225'] });
    expect(nodes[3]).toEqual({ type: 'text', text: 'God', strongs: ['H430'] });
  });

  it('parses Strong’s numbers without prefix or leading zeros', () => {
    expect(parseStrongs('strong:G25 strong:G26')).toEqual(['G25', 'G26']);
    expect(parseStrongs('strong:H07225 lemma.TR:agapao')).toEqual(['H7225']);
    expect(parseStrongs('lemma.TR:agapao')).toBeUndefined();
  });

  it('marks supplied words and the divine name', () => {
    const nodes = osisToNodes('darkness <transChange type="added">was</transChange> upon the <divineName><w lemma="strong:H3068">LORD</w></divineName>');
    expect(nodes).toContainEqual({ type: 'text', text: 'was', supplied: true });
    expect(nodes).toContainEqual({ type: 'text', text: 'LORD', divineName: true, strongs: ['H3068'] });
    expect(plainText(nodes)).toBe('darkness was upon the LORD');
  });

  it('turns notes into note nodes that stay out of the plain text', () => {
    const nodes = osisToNodes(
      'the light.<note placement="foot"><reference type="annotateRef">1.4 </reference>the light from…: Heb. between</note>' +
        ' saying,<note type="crossReference"><reference type="annotateRef">1:23 </reference><reference osisRef="Isa.7.14">Isaiah 7:14</reference></note> Behold',
    );
    expect(plainText(nodes)).toBe('the light. saying, Behold');
    expect(nodes.filter((n) => n.type === 'note')).toEqual([
      { type: 'note', text: 'the light from…: Heb. between', kind: 'footnote' },
      { type: 'note', text: 'Isaiah 7:14', kind: 'crossref' },
    ]);
  });

  it('keeps rdg and catchWord text inside notes', () => {
    const [note] = osisToNodes('x<note><catchWord>them</catchWord> or, <rdg type="alternate">those</rdg></note>').filter((n) => n.type === 'note');
    expect(note).toEqual({ type: 'note', text: 'them or, those', kind: 'footnote' });
  });

  it('puts back the space a note call swallowed, but not before punctuation', () => {
    expect(plainText(osisToNodes('<w>God</w><note>Elohim</note><w>created</w> all'))).toBe('God created all');
    expect(plainText(osisToNodes('Christ,<note>n</note><w>the</w> son'))).toBe('Christ, the son');
    expect(plainText(osisToNodes('word<note>n</note>. Next'))).toBe('word. Next');
  });

  it('makes paragraph nodes from paragraph divisions and ¶, once per break', () => {
    const nodes = osisToNodes('<div sID="p1" type="x-p"/> <div type="x-milestone" subType="x-preverse" eID="pv1"/>¶ And God said');
    expect(nodes).toEqual([{ type: 'paragraph' }, { type: 'text', text: 'And God said' }]);
    const mid = osisToNodes('face to face.<div eID="p1" type="x-p"/> <div sID="p2" type="paragraph"/> Peace be to you.');
    expect(blocks(mid)).toEqual(['paragraph']);
    expect(plainText(mid)).toBe('face to face. Peace be to you.');
    expect(blocks(osisToNodes('<milestone type="x-p" marker="¶"/>Text'))).toEqual(['paragraph']);
  });

  it('makes headings from titles: psalm titles and section titles', () => {
    const nodes = osisToNodes(
      '<title canonical="true" type="psalm">A <w lemma="strong:H4210">Psalm</w> of David.</title> <l level="1" sID="l1"/>LORD, how<l eID="l1"/>',
    );
    expect(nodes[0]).toEqual({ type: 'heading', text: 'A Psalm of David.', kind: 'psalm' });
    expect(plainText(nodes)).toBe('LORD, how');
    expect(osisToNodes('<title type="section">The Fall</title>Now')[0]).toEqual({
      type: 'heading',
      text: 'The Fall',
      kind: 'section',
    });
  });

  it('drops a colophon after the last chapter ends', () => {
    const nodes = osisToNodes('Amen. <chapter eID="Rom.16"/> <title>Written to the Romans from Corinthus.</title>');
    expect(nodes).toEqual([{ type: 'text', text: 'Amen.' }]);
  });

  it('makes poetry lines with their indent, and a new line at <lb/> in poetry', () => {
    const nodes = osisToNodes(
      '<lg sID="g1"/><l level="1" sID="a"/>Behold, the virgin<l eID="a" level="1"/> <l level="2" sID="b"/>shall give birth<lb/>to a son.<l eID="b" level="2"/> <lg eID="g1"/>',
    );
    expect(blocks(nodes)).toEqual(['line', 'line', 'line']);
    expect(nodes.filter((n) => n.type === 'line')).toEqual([
      { type: 'line', indent: 1 },
      { type: 'line', indent: 2 },
      { type: 'line', indent: 2 },
    ]);
    expect(plainText(nodes)).toBe('Behold, the virgin shall give birthto a son.');
  });

  it('starts a stanza when a line group follows another', () => {
    const nodes = osisToNodes('<lg sID="g1"/><l sID="a"/>one<l eID="a"/><lg eID="g1"/> <lg sID="g2"/><l sID="b"/>two<l eID="b"/><lg eID="g2"/>');
    expect(blocks(nodes)).toEqual(['line', 'stanza', 'line']);
    expect(blocks(osisToNodes('<lg><l>one</l></lg><lg><l>two</l></lg>'))).toEqual(['line', 'stanza', 'line']);
  });

  it('leaves out introductions unless asked, and front matter always', () => {
    const markup = '<div type="introduction">About this book.</div><div sID="f" type="front"/>Preface<div eID="f" type="front"/>Text';
    expect(plainText(osisToNodes(markup))).toBe('Text');
    expect(plainText(osisToNodes(markup, { keepIntroductions: true }))).toBe('About this book.Text');
  });

  it('repairs raw USFM markers and stray end tags instead of losing the rest of the verse', () => {
    const broken = 'by my name \\nd <w lemma="strong:H3068">JEHOVAH</w></divineName> was I not known.';
    const nodes = osisToNodes(broken);
    expect(plainText(nodes)).toBe('by my name JEHOVAH was I not known.');
    expect(nodes).toContainEqual({ type: 'text', text: 'JEHOVAH', divineName: true, strongs: ['H3068'] });
    expect(repairFragment('a</hi> b')).toBe('a b');
    expect(repairFragment('<hi>a')).toBe('<hi>a</hi>');
    expect(repairFragment('x & y')).toBe('x &amp; y');
    expect(repairFragment('<w>ok</w> &amp;')).toBe('<w>ok</w> &amp;');
  });
});

describe('OsisConverter across verses', () => {
  it('carries words of Jesus from a <q sID/> milestone to its <q eID/> in a later verse', () => {
    const c = new OsisConverter();
    const v1 = c.verse('And he saith, <q who="Jesus" sID="q1"/>Follow me,');
    const v2 = c.verse('and I will make you fishers of men.<q eID="q1"/> And they left their nets.');
    expect(texts(v1).at(-1)).toEqual({ type: 'text', text: 'Follow me,', wordsOfJesus: true });
    expect(texts(v2)[0]).toEqual({ type: 'text', text: 'and I will make you fishers of men.', wordsOfJesus: true });
    expect(texts(v2).at(-1)).toEqual({ type: 'text', text: ' And they left their nets.' });
    expect(plainText(v2)).toBe('and I will make you fishers of men. And they left their nets.');
  });

  it('closes a container <q marker> with the matching closing mark, in the quotation’s formatting', () => {
    const nodes = osisToNodes('He cried, <q who="Jesus" marker="“">Lazarus, come forth.</q> And he came.');
    expect(nodes[1]).toEqual({ type: 'text', text: '“Lazarus, come forth.”', wordsOfJesus: true });
    expect(plainText(osisToNodes('<q marker="‘">a</q> <q marker="«">b</q> <q marker="‹">c</q> <q marker="&quot;">d</q>'))).toBe('‘a’ «b» ‹c› "d"');
  });

  it('starts no stanza where a paragraph already separates two line groups', () => {
    const c = new OsisConverter();
    c.verse('<lg sID="g1"/><l sID="a"/>his heel.<l eID="a"/><lg eID="g1"/>');
    const next = c.verse(
      '<div sID="p" type="x-p"/>To the woman he said,<div eID="p" type="x-p"/> <lg sID="g2"/><l level="1" sID="b"/>“I will<l eID="b"/><lg eID="g2"/>',
    );
    expect(blocks(next)).toEqual(['paragraph', 'line']);
  });

  it('marks a <q who="Jesus"> container and puts back the space its end swallowed', () => {
    const nodes = osisToNodes('<q marker="" who="Jesus">“Allow it now.”</q>Then he allowed him.');
    expect(nodes[0]).toEqual({ type: 'text', text: '“Allow it now.”', wordsOfJesus: true });
    expect(plainText(nodes)).toBe('“Allow it now.” Then he allowed him.');
  });

  it('keeps block starts from intros and from the end of a verse for the next verse', () => {
    const c = new OsisConverter();
    c.intro(
      '<div canonical="true" osisID="Ps" sID="b" type="book"/><milestone n="Psalms" type="x-usfm-h"/><milestone n="The Book of Psalms" type="x-usfm-toc1"/><title type="main">PSALMS</title>',
    );
    c.intro('<chapter n="119" osisID="Ps.119" sID="Ps.119"/> <title><foreign>א ALEPH.</foreign></title> <lg sID="g1"/> <l level="1" sID="l1"/>');
    const v1 = c.verse('Blessed <transChange type="added">are</transChange> the undefiled <l eID="l1" level="1"/> <l level="1" sID="l2"/>');
    const v2 = c.verse('');
    const v3 = c.verse('Blessed are they<l eID="l2" level="1"/>');
    expect(v1.slice(0, 2)).toEqual([
      { type: 'heading', text: 'א ALEPH.', kind: 'section' },
      { type: 'line', indent: 1 },
    ]);
    expect(blocks(v1)).toEqual(['heading', 'line']);
    expect(v2).toEqual([]);
    expect(v3[0]).toEqual({ type: 'line', indent: 1 });
    expect(plainText(v3)).toBe('Blessed are they');
    expect(c.titles).toEqual({ name: 'Psalms', nameLong: 'The Book of Psalms' });
  });

  it('does not let intro text or notes into a verse', () => {
    const c = new OsisConverter();
    c.intro('Some words<note>an intro note</note><div sID="p" type="x-p"/>');
    expect(c.verse('In the beginning')).toEqual([{ type: 'paragraph' }, { type: 'text', text: 'In the beginning' }]);
  });
});
