import type { PassageStudy } from './answer-engine.ts';

/**
 * An answer about a passage, as an explanation under short headings: what it says, what its key words
 * mean, what the installed commentaries say about it, and the passages that explain it. A section whose
 * source is not installed is left out, never padded.
 */
export function passageAnswer(study: PassageStudy, quote: (text: string) => string): string[] {
  const { passage, phrase, keyWords, commentaries, related } = study;
  const heading = phrase ? `### Where Scripture says “${phrase}”` : `### What ${passage.reference} says`;
  const lines = [heading, `**${passage.reference}** — “${quote(passage.text)}”`];
  if (keyWords.length) {
    lines.push(
      '### What its key words mean',
      keyWords
        .map((k) => {
          const original = [k.word, k.transliteration && `${k.transliteration}, ${k.number}`].filter(Boolean).join(' (') + (k.transliteration ? ')' : '');
          return `- **${k.english}** — ${original || k.number}: ${k.meaning} _${k.lexicon}, ${k.licence}_`;
        })
        .join('\n'),
    );
  }
  if (commentaries.length) {
    lines.push('### What the commentaries say');
    for (const note of commentaries) lines.push(`From ${note.source} (${note.licence}), on ${note.on}:`, `> ${note.excerpt}`);
  }
  if (related.length) {
    lines.push('### Passages that explain it');
    for (const { passage: p, why } of related) lines.push(`**${p.reference}** — “${quote(p.text)}”`, `_${why}_`);
  }
  return lines;
}

/** The line under the answer saying what it was drawn from: Scripture, then each commentary and lexicon used. */
export function sourcesLine(study: PassageStudy | undefined, commentary?: string, lead = 'From', indexes: readonly string[] = []): string {
  const used = [
    ...new Set([
      ...indexes,
      ...(study?.commentaries.map((c) => c.source) ?? (commentary ? [commentary] : [])),
      ...(study?.keyWords.map((k) => k.lexicon) ?? []),
    ]),
  ];
  const named = new Intl.ListFormat('en', { type: 'conjunction' }).format(['Scripture', ...used]);
  return `${lead} ${named}; every reference checked`;
}
