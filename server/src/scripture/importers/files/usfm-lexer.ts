/** A piece of a USFM file: a marker, a milestone, or the text between markers. */
export type UsfmToken =
  | {
      kind: 'marker';
      /** Without the `+` of a nested marker and the `*` of a closing one: "wj", "q1". */
      name: string;
      closing: boolean;
      offset: number;
    }
  /** `\qt-s |who="Jesus"\*`, `\zaln-e\*`, `\ts\*`: self-closed, with the raw attribute text. */
  | { kind: 'milestone'; name: string; attributes: string; offset: number }
  | { kind: 'text'; text: string; offset: number };

const MARKER = /\\\+?([A-Za-z][A-Za-z0-9]*(?:-[se])?)(\*)?/y;
const MILESTONE_END = /[ \t]*(\|[^\\\n]*)?\\\*/y;

/** Splits USFM into tokens. The one space (or line break) after an opening marker belongs to the marker. */
export function* lexUsfm(source: string): Generator<UsfmToken> {
  let i = 0;
  while (i < source.length) {
    const slash = source.indexOf('\\', i);
    if (slash === -1) {
      yield { kind: 'text', text: source.slice(i), offset: i };
      return;
    }
    if (slash > i) yield { kind: 'text', text: source.slice(i, slash), offset: i };
    MARKER.lastIndex = slash;
    const match = MARKER.exec(source);
    if (!match) {
      // A backslash that starts no marker (a stray `\*`, a path in a remark) is kept as text.
      yield { kind: 'text', text: '\\', offset: slash };
      i = slash + 1;
      continue;
    }
    const name = match[1]!;
    i = MARKER.lastIndex;
    if (match[2]) {
      yield { kind: 'marker', name, closing: true, offset: slash };
      continue;
    }
    MILESTONE_END.lastIndex = i;
    const milestone = MILESTONE_END.exec(source);
    if (milestone) {
      yield { kind: 'milestone', name, attributes: milestone[1]?.slice(1) ?? '', offset: slash };
      i = MILESTONE_END.lastIndex;
      continue;
    }
    if (source.startsWith('\r\n', i)) i += 2;
    else if (/\s/.test(source[i] ?? '')) i += 1;
    yield { kind: 'marker', name, closing: false, offset: slash };
  }
}

/** Turns string offsets into "line:column" (both 1-based) for error messages. */
export function lineLocator(source: string): (offset: number) => string {
  const starts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return `${lo + 1}:${offset - starts[lo]! + 1}`;
  };
}

/** Attribute text (`strong="H1234" x-morph="..."`, or a bare default value) as a map. */
export function parseAttributes(text: string, defaultName: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const trimmed = text.trim();
  if (trimmed && !trimmed.includes('=')) {
    attributes.set(defaultName, trimmed);
    return attributes;
  }
  for (const match of trimmed.matchAll(/([A-Za-z][\w-]*)\s*=\s*"([^"]*)"/g)) attributes.set(match[1]!, match[2]!);
  return attributes;
}
