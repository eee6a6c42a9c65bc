import type { Highlight, Note } from '../contracts/study.ts';
import { HIGHLIGHT_COLOR_LABELS, NOTE_TYPE_LABELS } from './labels.ts';
import { ACCOUNT_MAX_ITEMS } from './rules.ts';
import { countOf, en } from '../text/plural.ts';

/**
 * Exports of a person's notes and highlights: Markdown to read, JSON to import again (with a format
 * marker and version, so an import can tell our file from any other), CSV for spreadsheets.
 *
 * Each format is an encoder — a start, one piece per item, an end — so the server can stream a whole
 * account page by page while the browser joins the same pieces for a guest's data. No zod here: this
 * module is part of the web app.
 */
export const EXPORT_FORMAT = 'selah-study-export';
export const EXPORT_VERSION = 1;
/** What an import says of a file that is not one of these exports (checked by the server's schema). */
export const NOT_AN_EXPORT = 'This file is not a Selah export.';
/** Largest file an import takes, in bytes (the server's body limit; the browser checks it first). */
export const IMPORT_MAX_BYTES = 25 * 1024 * 1024;
/** Most items one export (and one import) holds: a whole account's. */
export const EXPORT_MAX_ITEMS = ACCOUNT_MAX_ITEMS;

export type ExportedNote = Pick<Note, 'id' | 'type' | 'title' | 'reference' | 'content' | 'createdAt' | 'updatedAt'>;
export type ExportedHighlight = Pick<Highlight, 'id' | 'verse' | 'color' | 'reference' | 'text' | 'createdAt'>;

export const NOTE_EXPORT_FORMATS = ['md', 'json'] as const;
export const HIGHLIGHT_EXPORT_FORMATS = ['md', 'json', 'csv'] as const;
export type ExportFormat = 'md' | 'json' | 'csv';
export type ExportKind = 'notes' | 'highlights';

export interface ExportInfo {
  exportedAt: Date;
  /** How many the account (or browser) holds; more than the file has when the cap applies. */
  total: number;
}

export interface Encoder<T> {
  mediaType: string;
  start(): string;
  item(x: T): string;
  end(): string;
}

export const MEDIA_TYPES: Record<ExportFormat, string> = {
  md: 'text/markdown; charset=utf-8',
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** "selah-notes-2025-01-31.md". */
export function exportFileName(kind: ExportKind, format: ExportFormat, at: Date): string {
  return `selah-${kind}-${isoDay(at)}.${format}`;
}

export function encodeAll<T>(encoder: Encoder<T>, items: Iterable<T>): string {
  let out = encoder.start();
  for (const x of items) out += encoder.item(x);
  return out + encoder.end();
}

export function noteEncoder(format: 'md' | 'json', info: ExportInfo): Encoder<ExportedNote> {
  if (format === 'json') return jsonEncoder('notes', info, pickNote);
  return {
    mediaType: MEDIA_TYPES.md,
    start: () => markdownHead('My Notes', 'note', info),
    item: (n) => {
      const title = oneLine(n.title) || `${NOTE_TYPE_LABELS[n.type]} for ${oneLine(n.reference)}`;
      const meta = `*${NOTE_TYPE_LABELS[n.type]} · ${oneLine(n.reference)} · ${isoDay(new Date(n.createdAt))}*`;
      return `## ${title}\n\n${meta}\n\n${n.content.replace(/\r\n?/g, '\n').trim()}\n\n---\n\n`;
    },
    end: () => '',
  };
}

export function highlightEncoder(format: ExportFormat, info: ExportInfo): Encoder<ExportedHighlight> {
  if (format === 'json') return jsonEncoder('highlights', info, pickHighlight);
  if (format === 'csv') {
    return {
      mediaType: MEDIA_TYPES.csv,
      // The byte-order mark makes spreadsheet programs read the file as UTF-8 (curly quotes, accents).
      start: () => `\uFEFF${csvRow(['reference', 'color', 'text', 'verse_id', 'highlighted_at'])}`,
      item: (h) => csvRow([h.reference, h.color, h.text, h.verse, h.createdAt]),
      end: () => '',
    };
  }
  return {
    mediaType: MEDIA_TYPES.md,
    start: () => markdownHead('My Highlights', 'highlight', info),
    item: (h) => `**${oneLine(h.reference)}** · ${HIGHLIGHT_COLOR_LABELS[h.color]} · ${isoDay(new Date(h.createdAt))}\n\n> ${oneLine(h.text)}\n\n`,
    end: () => '',
  };
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, line break or edge spaces, quotes
 * doubled. A field starting with = + - @ (or tab / carriage return) gets a leading apostrophe so a
 * spreadsheet shows it as text instead of running it as a formula (CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvRow(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

function jsonEncoder<T, K extends ExportKind>(kind: K, info: ExportInfo, pick: (x: T) => object): Encoder<T> {
  let count = 0;
  return {
    mediaType: MEDIA_TYPES.json,
    start: () => {
      count = 0;
      const head = JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: info.exportedAt.toISOString() }, null, 2);
      return `${head.slice(0, -2)},\n  "${kind}": [`;
    },
    item: (x) => `${count++ ? ',' : ''}\n    ${JSON.stringify(pick(x))}`,
    end: () => `${count ? '\n  ' : ''}]\n}\n`,
  };
}

// Fixed key order, and nothing about the owner: a file moves cleanly to another account.
function pickNote(n: ExportedNote) {
  return { id: n.id, type: n.type, title: n.title, reference: n.reference, content: n.content, createdAt: n.createdAt, updatedAt: n.updatedAt };
}

function pickHighlight(h: ExportedHighlight) {
  return { id: h.id, verse: h.verse, color: h.color, reference: h.reference, text: h.text, createdAt: h.createdAt };
}

function markdownHead(title: string, noun: string, info: ExportInfo): string {
  const count = countOf(info.total, en(noun));
  const capped = info.total > EXPORT_MAX_ITEMS ? `\n\nThis file holds the newest ${EXPORT_MAX_ITEMS.toLocaleString('en')} of them.` : '';
  return `# ${title}\n\nExported from Selah on ${isoDay(info.exportedAt)} · ${count}, newest first.${capped}\n\n---\n\n`;
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function isoDay(d: Date): string {
  return Number.isNaN(d.getTime()) ? 'unknown date' : d.toISOString().slice(0, 10);
}
