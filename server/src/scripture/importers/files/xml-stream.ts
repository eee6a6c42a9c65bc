import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ImportError } from '../types.ts';
import { decoderFor, type Decoder } from './paths.ts';

export type XmlTag = SaxesTagPlain;

export interface XmlEvents {
  open(tag: XmlTag): void;
  close(tag: XmlTag): void;
  text(text: string): void;
}

/** An element name without its namespace prefix ("osis:verse" → "verse"). */
export function localName(tag: XmlTag): string {
  return tag.name.slice(tag.name.indexOf(':') + 1);
}

/**
 * Streams an XML file through saxes, so whole-Bible files (10-30 MB) are never held as a tree.
 * `setup` gets the parser's current "line:column" for the handler's own error messages. Syntax
 * errors become ImportErrors naming the file, line and column.
 */
export async function streamXml(file: string, setup: (position: () => string) => XmlEvents): Promise<void> {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  // HTML entities that OSIS and Zefania files made by hand or by converters use without declaring.
  Object.assign(parser.ENTITIES, { nbsp: '\u00a0', ndash: '–', mdash: '—', hellip: '…', para: '¶' });
  const position = () => `${parser.line}:${parser.column}`;
  const events = setup(position);
  parser.on('opentag', (tag) => events.open(tag));
  parser.on('closetag', (tag) => events.close(tag));
  parser.on('text', (text) => events.text(text));
  parser.on('cdata', (text) => events.text(text));
  parser.on('error', (error) => {
    // saxes puts "line:column: " before its message; that is the place we report.
    const match = /^(\d+:\d+): ([\s\S]*)$/.exec(error.message);
    throw new ImportError(file, match?.[1] ?? position(), `XML error: ${match?.[2] ?? error.message}`);
  });

  let decoder: Decoder | undefined;
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
      if (!decoder) {
        const declared = /<\?xml[^>]*encoding\s*=\s*["']([^"']+)/.exec(chunk.subarray(0, 256).toString('latin1'))?.[1];
        decoder = decoderFor(chunk, declared);
      }
      parser.write(decoder.decode(chunk, { stream: true }));
    }
    if (decoder) parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    if (error instanceof ImportError) throw error;
    // Unreadable files and unknown encodings are the importer's problem to report, not a crash.
    if (error instanceof RangeError || (error as NodeJS.ErrnoException).code) {
      throw new ImportError(file, position(), (error as Error).message);
    }
    throw error;
  }
}

/** The value of an attribute, trimmed, or undefined when absent or empty. */
export function attr(tag: XmlTag, name: string): string | undefined {
  const value = tag.attributes[name]?.trim();
  return value ? value : undefined;
}
