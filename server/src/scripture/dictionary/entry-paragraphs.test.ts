import { describe, expect, it } from 'vitest';
import { entryParagraphs } from './entry-paragraphs.ts';

describe('a dictionary entry as plain paragraphs', () => {
  it('reads ThML paragraphs and line breaks, keeping the text of inline elements and decoding entities', () => {
    expect(
      entryParagraphs(
        '<p><b>Bethlehem</b>, house of bread.</p><p>Called &quot;the city of David&quot; (<scripRef passage="Luke 2:4">Luke 2:4</scripRef>).<br/>Salem &amp; Zion &#8212; &#x5d0;.</p>',
      ),
    ).toEqual(['Bethlehem, house of bread.', 'Called "the city of David" (Luke 2:4).', 'Salem & Zion — א.']);
  });

  it('reads TEI senses and line breaks', () => {
    expect(entryParagraphs('<entryFree n="MOSES"><title>Moses</title> <def>the Hebrew   lawgiver.<lb/>Born in\nEgypt.</def></entryFree>')).toEqual([
      'Moses',
      'the Hebrew lawgiver.',
      'Born in Egypt.',
    ]);
  });

  it('breaks plain text at its line ends', () => {
    expect(entryParagraphs('First line.\r\nSecond line.\n\nThird.')).toEqual(['First line.', 'Second line.', 'Third.']);
  });

  it('sends no markup: scripts and their content, comments and event attributes go; escaped markup stays text', () => {
    const paragraphs = entryParagraphs(
      '<p onclick="alert(1)">Moses<script>alert("x")</script><style>p{}</style><!-- <p>hidden</p> --></p><p>&lt;img src=x onerror=alert(1)&gt; is text</p><p><a href="javascript:alert(1)">link</a>&#0;&#xD800;&bogus;</p>',
    );
    expect(paragraphs).toEqual(['Moses', '<img src=x onerror=alert(1)> is text', 'link&#0;&#xD800;&bogus;']);
  });
});
