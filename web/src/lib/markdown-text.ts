/**
 * Markdown as the plain words a reader sees, for a description or a list's summary: no headings'
 * hashes, emphasis marks, list bullets, images, HTML tags or link addresses; paragraphs become one
 * line. Not a Markdown parser — good enough for a sentence or two of an editor's text.
 */
export function markdownPlainText(markdown: string): string {
  return (
    markdown
      .replace(/\r\n?/g, '\n')
      // Fenced code and raw HTML are not the words of a summary.
      .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, ' ')
      .replace(/<[^>\n]+>/g, ' ')
      // Images go; a link keeps its words.
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
      .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, ' ')
      // Line marks: headings, quotes, bullets, numbers, rules.
      .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
      .replace(/^\s*([-*_])(\s*\1){2,}\s*$/gm, ' ')
      // Emphasis, strike and code marks around words.
      .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(^|[^\w*])[*_](?=\S)([^*_\n]*?\S)[*_](?!\w)/g, '$1$2')
      .replace(/`([^`\n]*)`/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The opening words of a Markdown text as plain text, at most `max` characters, cut at a word. */
export function markdownSummary(markdown: string, max = 200): string {
  const text = markdownPlainText(markdown);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
