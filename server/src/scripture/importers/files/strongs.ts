/**
 * Strong's numbers as the verse model stores them: "H7225", "G25". Sources pad with zeros
 * ("H07225"), prefix the value ("strong:H07225", Hebrew prefixes like "b:H7225") or leave out the
 * letter (Zefania "7225").
 */
export function normalizeStrongs(raw: string, defaultPrefix?: 'H' | 'G'): string[] {
  const out: string[] = [];
  for (const token of raw.split(/[\s,;]+/)) {
    const value = token.slice(token.lastIndexOf(':') + 1);
    const match = /^([HG])?0*(\d{1,5})([a-z])?$/i.exec(value);
    if (!match) continue;
    const prefix = (match[1]?.toUpperCase() as 'H' | 'G' | undefined) ?? defaultPrefix;
    if (!prefix) continue;
    let number = Number(match[2]);
    // unfoldingWord's Greek lexicon numbers are Strong's times ten plus a sense digit ("G35880" is G3588);
    // real Greek Strong's numbers stop at 5624.
    if (prefix === 'G' && match[2]!.length === 5 && number > 5624) number = Math.floor(number / 10);
    if (number === 0) continue;
    // A homograph letter ("H1254a") is dropped: other sources and search use the plain number.
    const strong = `${prefix}${number}`;
    if (!out.includes(strong)) out.push(strong);
  }
  return out;
}
