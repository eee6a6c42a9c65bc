import { describe, expect, it } from 'vitest';
import { markdownPlainText, markdownSummary } from './markdown-text.ts';

describe('markdownPlainText', () => {
  it('keeps the words and drops the marks', () => {
    const md = [
      '## A new way to read',
      '',
      'You can now **listen** to a _chapter_ while you read, and [share a verse](/bible?book=John&chapter=3).',
      '',
      '- one',
      '- two',
      '1. three',
      '> a quote',
      '',
      '![a picture](/media/x.png)',
      '<b>bold</b> and `code`',
      '---',
      '```',
      'const x = 1;',
      '```',
      'The end ~~not~~.',
    ].join('\n');
    expect(markdownPlainText(md)).toBe(
      'A new way to read You can now listen to a chapter while you read, and share a verse. one two three a quote bold and code The end not.',
    );
  });

  it('leaves words with underscores or asterisks inside them alone', () => {
    expect(markdownPlainText('snake_case_name and 2*3*4')).toBe('snake_case_name and 2*3*4');
  });
});

describe('markdownSummary', () => {
  it('cuts at a word with an ellipsis', () => {
    expect(markdownSummary('# Title\n\nGrace and peace to you from God our Father.', 30)).toBe('Title Grace and peace to you…');
    expect(markdownSummary('Short.', 30)).toBe('Short.');
  });
});
