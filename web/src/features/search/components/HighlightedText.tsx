/** Verse text with the matched words marked. Offsets are UTF-16, end exclusive (the API's). */
export function HighlightedText({ text, matches }: { text: string; matches: readonly { start: number; end: number }[] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  matches.forEach((m, i) => {
    if (m.start > at) parts.push(text.slice(at, m.start));
    parts.push(
      <mark key={i} className="rounded-sm bg-orange-200 px-0.5 text-inherit dark:bg-orange-900/80">
        {text.slice(m.start, m.end)}
      </mark>,
    );
    at = m.end;
  });
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
