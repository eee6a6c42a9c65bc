/**
 * A dictionary entry's markup (ThML as Easton's, TEI as Smith's, OSIS, or plain text) as plain paragraphs,
 * for the reader to show as text: no markup survives, so nothing in a module can inject any. Paragraphs
 * break where the markup starts or ends a block (`<p>`, `<div>`, `<br/>`, `<lb/>`, a list item, a TEI
 * sense), or at line ends when the entry has no markup at all.
 */

// The paragraph separator: whitespace to the collapsing below, so it is left out of it by name.
const BREAK = '\u2029';

const BLOCK = /<\/?(?:p|div|br|lb|li|ul|ol|sense|entryFree|table|tr|h[1-6]|head|title|list|item|lg|l)\b[^>]*>/gi;
// Elements whose content is not text to read: scripts and styles (from a hostile module), and comments.
const HIDDEN = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->/gi;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', mdash: '—', ndash: '–', hellip: '…' };

export function entryParagraphs(markup: string): string[] {
  const hasMarkup = /<[a-z/!][^>]*>/i.test(markup);
  let text = markup.replace(HIDDEN, ' ');
  text = hasMarkup ? text.replace(BLOCK, BREAK) : text.replace(/\r?\n/g, BREAK);
  text = text
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => decodeEntity(name) ?? whole)
    // Control characters other than the breaks: a module has no business sending them to a page.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/[^\S\u2029]+/g, ' ');
  return text
    .split(BREAK)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

function decodeEntity(name: string): string | undefined {
  if (name[0] !== '#') return NAMED[name.toLowerCase()];
  const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  if (!Number.isInteger(code) || code < 0x20 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return String.fromCodePoint(code);
}
