/**
 * A conf's `About` (also Copyright, DistributionNotes …) as plain paragraphs. SWORD allows a small RTF
 * subset there: `\par` breaks a line, two in a row make a paragraph; `\pard`, `\qc`, `\b`, `\i` and
 * other control words only format, so they go; `\uN` is a UTF-16 code unit (negative N counts from
 * 65536) followed by one fallback character for readers without Unicode, which goes too. The result is
 * text for text nodes, never HTML.
 */
export function aboutParagraphs(about: string | undefined): string[] {
  if (!about) return [];
  let out = '';
  for (let i = 0; i < about.length; i++) {
    const c = about[i]!;
    if (c === '{' || c === '}') continue; // RTF groups: only formatting scope
    if (c !== '\\') {
      out += c === '\n' || c === '\r' || c === '\t' ? ' ' : c;
      continue;
    }
    const next = about[i + 1];
    if (next === undefined) break;
    if (next === '\\' || next === '{' || next === '}') {
      out += next;
      i++;
      continue;
    }
    // SWORD's own filter knows \pard and \par by their first letters ("\parThe" is a break, then
    // "The"); other control words end where RTF says, at the first character that is not a letter.
    const word = /^(pard|par) ?/.exec(about.slice(i + 1)) ?? /^([a-zA-Z]+)(-?\d+)? ?/.exec(about.slice(i + 1));
    if (!word) {
      i++; // a control symbol (\~, \-, \') SWORD would not show either
      continue;
    }
    i += word[0].length;
    const [, name, parameter] = word;
    if (name === 'par') out += '\n';
    else if (name === 'u' && parameter !== undefined) {
      const unit = Number(parameter);
      out += String.fromCharCode(unit < 0 ? unit + 65536 : unit);
      i++; // the fallback character
    }
  }
  const paragraphs: string[] = [];
  let lines: string[] = [];
  for (const raw of (out + '\n').split('\n')) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (line) lines.push(line);
    else if (lines.length > 0) {
      paragraphs.push(lines.join('\n'));
      lines = [];
    }
  }
  return paragraphs;
}
