import { z } from 'zod';
import { highlightInput, noteInput } from '../contracts/study.ts';
import { EXPORT_FORMAT, EXPORT_MAX_ITEMS, EXPORT_VERSION, NOT_AN_EXPORT } from './export.ts';

/**
 * Our own JSON export, as POST /api/study/import takes it back (server only: the web app ships no
 * zod). Items follow the same field rules as POST /api/notes and /api/highlights; ids and owners in
 * the file are ignored, so an export from another account imports cleanly.
 */
export { NOT_AN_EXPORT };

const when = z.iso.datetime({ offset: true, error: 'Dates must be ISO 8601 date-times.' }).optional();
const fileId = z.string().max(200).optional();

export const importedNote = noteInput.extend({ id: fileId, createdAt: when, updatedAt: when });
export const importedHighlight = highlightInput.extend({ id: fileId, createdAt: when });

const items = <T extends z.ZodType>(item: T, noun: string) =>
  z
    .array(item, { error: `The ${noun}s in this file are not a list.` })
    .max(EXPORT_MAX_ITEMS, `A file can hold at most ${EXPORT_MAX_ITEMS.toLocaleString('en')} ${noun}s.`)
    .default([]);

export const studyImport = z.object(
  {
    format: z.literal(EXPORT_FORMAT, { error: NOT_AN_EXPORT }),
    version: z
      .number({ error: NOT_AN_EXPORT })
      .int({ error: NOT_AN_EXPORT })
      .min(1, NOT_AN_EXPORT)
      .max(EXPORT_VERSION, 'This export was made by a newer version of Selah; update Selah to import it.'),
    notes: items(importedNote, 'note'),
    highlights: items(importedHighlight, 'highlight'),
  },
  { error: NOT_AN_EXPORT },
);

export const importCounts = z.object({ added: z.number().int(), skipped: z.number().int() });

/** The first problem of a file, said so a person can find it: "Note 3: Write something before saving." */
export function importProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return NOT_AN_EXPORT;
  const [list, index] = issue.path;
  if ((list === 'notes' || list === 'highlights') && typeof index === 'number') {
    const what = list === 'notes' ? 'Note' : 'Highlight';
    const field = issue.path[2];
    // zod's own wording ("Invalid input: expected string…") means nothing to a person; ours does.
    const generic = issue.message.startsWith('Invalid input');
    const message = !generic
      ? issue.message
      : field === undefined
        ? `not a ${what.toLowerCase()}.`
        : `'${String(field)}' is missing or is not the right kind of value.`;
    return `${what} ${index + 1}: ${message}`;
  }
  return issue.message;
}
