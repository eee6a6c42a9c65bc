import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import type { CheckedReference } from '#common/contracts/ai.ts';
import { ScriptureMarkdown, withReferenceLinks } from './ScriptureMarkdown.tsx';

const at = (text: string, written: string, rest: Partial<CheckedReference>): CheckedReference => {
  const start = text.indexOf(written);
  return { written, start, end: start + written.length, status: 'verified', ...rest };
};

describe('withReferenceLinks', () => {
  const text = 'Love is patient (1 Corinthians 13:4) and God is love (1 John 4:8).';

  it('links each verified reference to the reader with the store text as its title', () => {
    const refs = [
      at(text, '1 Corinthians 13:4', { href: '/bible?book=1+Corinthians&chapter=13&verse=4', text: 'Charity suffereth long, and is "kind"' }),
      at(text, '1 John 4:8', { href: '/bible?book=1+John&chapter=4&verse=8', text: 'God is love.' }),
    ];
    expect(withReferenceLinks(text, refs)).toBe(
      'Love is patient ([1 Corinthians 13:4](/bible?book=1+Corinthians&chapter=13&verse=4 "Charity suffereth long, and is \\"kind\\"")) ' +
        'and God is love ([1 John 4:8](/bible?book=1+John&chapter=4&verse=8 "God is love.")).',
    );
  });

  it('says when a reference is misquoted, and leaves one not in Scripture or without a link as written', () => {
    const refs = [
      at(text, '1 Corinthians 13:4', {
        status: 'misquoted',
        href: '/bible?book=1+Corinthians&chapter=13&verse=4',
        reference: '1 Corinthians 13:4',
        problem: 'Not the words of',
        text: 'Charity suffereth long',
      }),
      at(text, '1 John 4:8', { status: 'invalid', href: '/bible?book=1+John&chapter=4&verse=8' }),
    ];
    const out = withReferenceLinks(text, refs);
    expect(out).toContain(
      '[1 Corinthians 13:4 (misquoted)](/bible?book=1+Corinthians&chapter=13&verse=4 "Not the words of 1 Corinthians 13:4: Charity suffereth long")',
    );
    expect(out).toContain('(1 John 4:8).');
    expect(withReferenceLinks(text, [at(text, '1 John 4:8', {})])).toBe(text);
  });

  it('leaves references whose offsets do not fit the text or overlap another', () => {
    const ref = at(text, '1 John 4:8', { href: '/bible?book=1+John&chapter=4&verse=8' });
    expect(withReferenceLinks(text, [{ ...ref, end: text.length + 5 }])).toBe(text);
    const overlapping = { ...ref, start: ref.start - 3, end: ref.start + 2 };
    expect(withReferenceLinks(text, [ref, overlapping])).toBe(text.replace('1 John 4:8', '[1 John 4:8](/bible?book=1+John&chapter=4&verse=8 "")'));
  });

  it('counts offsets in UTF-16 code units, as the server does', () => {
    const emoji = '🙏 Pray without ceasing (1 Thessalonians 5:17).';
    const ref = at(emoji, '1 Thessalonians 5:17', { href: '/bible?book=1+Thessalonians&chapter=5&verse=17', text: 'Pray without ceasing.' });
    expect(withReferenceLinks(emoji, [ref])).toContain('([1 Thessalonians 5:17](/bible?book=1+Thessalonians&chapter=5&verse=17 "Pray without ceasing."))');
  });
});

describe('ScriptureMarkdown', () => {
  const render = (text: string) => renderToStaticMarkup(createElement(ScriptureMarkdown, { text }));

  it('drops raw HTML and unsafe links', () => {
    const html = render('Hello <script>alert(1)</script><img src=x onerror="alert(2)"> [click](javascript:alert(3)) <b>bold</b>');
    expect(html).not.toMatch(/<script|<img|onerror|javascript:|<b>/i);
    expect(html).toContain('click');
  });

  it('opens links elsewhere outside the app, telling the site nothing', () => {
    expect(render('[Example](https://example.org)')).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow"');
  });
});
