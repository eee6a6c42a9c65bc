import { describe, expect, it } from 'vitest';
import { readConfFile } from '../sword/conf.ts';
import { aboutParagraphs } from './about.ts';

describe('aboutParagraphs', () => {
  it('turns \\par into line breaks, two of them into a new paragraph, and eats the space after a control word', () => {
    expect(aboutParagraphs('Title\\par Public Domain.\\par\\par The Bible Foundation,\\par \thttp://www.bf.org')).toEqual([
      'Title\nPublic Domain.',
      'The Bible Foundation,\nhttp://www.bf.org',
    ]);
    expect(aboutParagraphs('One\\parTwo')).toEqual(['One\nTwo']); // SWORD reads \par by its letters
  });

  it('drops formatting, keeps escaped characters, and decodes \\u with its fallback character', () => {
    expect(aboutParagraphs('{\\qc \\b Title\\b0 }\\pard\\par \\i x\\i0  \\\\ \\{y\\}')).toEqual(['Title\nx \\ {y}']);
    expect(aboutParagraphs('Espa\\u241?ol \\u-3913?')).toEqual(['Español \uf0b7']);
    expect(aboutParagraphs('caf\\u233 e')).toEqual(['café']);
  });

  it('reads continuation lines as spaces and gives nothing for no text', () => {
    expect(aboutParagraphs('first\nsecond')).toEqual(['first second']);
    expect(aboutParagraphs(undefined)).toEqual([]);
    expect(aboutParagraphs('\\par\\par')).toEqual([]);
    expect(aboutParagraphs('trailing \\')).toEqual(['trailing']);
  });

  it('reads the About of Debian’s MHCC, which uses \\par', () => {
    const paragraphs = aboutParagraphs(readConfFile('/usr/share/sword/mods.d/mhcc.conf').get('About'));
    expect(paragraphs[0]).toBe(
      "Matthew Henry's Concise Commentary on the Whole Bible\nPublic Domain--Copy Freely.\nThis text matches the printed edition as published by Moody Press, 28th printing, no Copyright displayed. ISBN: 0-8024-5190-X. This text was created from an existing electronic copy, with roughly 1200 errors corrected. The current files can be found at:",
    );
    expect(paragraphs[1]).toBe('The Bible Foundation,\nhttp://www.bf.org');
    expect(paragraphs.at(-1)).toBe('Mark Fuller\n1129 E. Loyola Dr.\nTempe, Az. 85282\n(602) 829-8542');
    expect(paragraphs.join('')).not.toContain('\\');
  });
});
