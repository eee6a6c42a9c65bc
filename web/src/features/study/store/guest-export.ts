import { EXPORT_MAX_ITEMS, encodeAll, exportFileName, highlightEncoder, noteEncoder, type ExportFormat, type ExportKind } from '#common/study/export.ts';
import { guestHighlights } from './guest-highlights.ts';
import { guestNotes } from './guest-notes.ts';
import { newestFirst } from './guest-lists.ts';

/** A guest's download, built here from the browser's lists with the server's own formatters. */
export function downloadGuestExport(kind: ExportKind, format: ExportFormat): void {
  const exportedAt = new Date();
  let text: string;
  if (kind === 'notes') {
    const all = newestFirst(guestNotes.read());
    text = encodeAll(noteEncoder(format === 'csv' ? 'md' : format, { exportedAt, total: all.length }), all.slice(0, EXPORT_MAX_ITEMS));
  } else {
    const all = newestFirst(guestHighlights.read());
    text = encodeAll(highlightEncoder(format, { exportedAt, total: all.length }), all.slice(0, EXPORT_MAX_ITEMS));
  }
  const url = URL.createObjectURL(new Blob([text], { type: format === 'md' ? 'text/markdown' : format === 'csv' ? 'text/csv' : 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = exportFileName(kind, format, exportedAt);
  document.body.append(a);
  a.click();
  a.remove();
  // Give the download a moment to start before the data goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
