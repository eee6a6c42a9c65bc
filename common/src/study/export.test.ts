import { describe, expect, it } from 'vitest';
import {
  EXPORT_FORMAT,
  EXPORT_MAX_ITEMS,
  EXPORT_VERSION,
  IMPORT_MAX_BYTES,
  MEDIA_TYPES,
  csvCell,
  csvRow,
  encodeAll,
  exportFileName,
  highlightEncoder,
  noteEncoder,
  type ExportedHighlight,
  type ExportedNote,
} from './export.ts';
import { highlightKey, newItems, noteKey } from './dedupe.ts';
import { importProblem, studyImport, NOT_AN_EXPORT } from './import-schema.ts';
import { readerLocation } from './labels.ts';

const at = new Date('2025-03-01T12:00:00.000Z');
const notes: ExportedNote[] = [
  {
    id: 'n2',
    type: 'quote',
    title: 'Quote for John 3:16',
    reference: 'John 3:16',
    content: '"For God so loved the world"\r\n\r\nGrace first.',
    createdAt: '2025-02-28T09:00:00.000Z',
    updatedAt: '2025-02-28T09:00:00.000Z',
  },
  {
    id: 'n1',
    type: 'question',
    title: 'Question for\nRuth 1:4',
    reference: 'Ruth 1:4',
    content: 'Who was Orpah?',
    createdAt: '2025-02-01T09:00:00.000Z',
    updatedAt: '2025-02-02T09:00:00.000Z',
  },
];
const highlights: ExportedHighlight[] = [
  {
    id: 'h1',
    verse: 'JOHN.3.16',
    color: 'yellow',
    reference: 'John 3:16',
    text: 'For God so loved the world, that he gave',
    createdAt: '2025-02-27T09:00:00.000Z',
  },
  { id: 'h2', verse: 'PSALMS.23.1', color: 'green', reference: 'Psalms 23:1', text: '=HYPERLINK("http://evil")', createdAt: '2025-02-26T09:00:00.000Z' },
];

describe('CSV cells', () => {
  it('leaves plain text alone and quotes commas, quotes, line breaks and edge spaces', () => {
    expect(csvCell('In the beginning')).toBe('In the beginning');
    expect(csvCell('light, and darkness')).toBe('"light, and darkness"');
    expect(csvCell('he said "Let there be light"')).toBe('"he said ""Let there be light"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell('')).toBe('');
  });

  it('keeps a spreadsheet from running a cell as a formula: leading = + - @ tab or CR', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+SUM(A1)')).toBe("'+SUM(A1)");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('=HYPERLINK("x"),y')).toBe('"\'=HYPERLINK(""x""),y"');
    // Only the first character matters: a hyphen inside a verse is just text.
    expect(csvCell('God - who is rich')).toBe('God - who is rich');
  });

  it('ends rows with CRLF', () => {
    expect(csvRow(['a', 'b,c'])).toBe('a,"b,c"\r\n');
  });
});

describe('highlight exports', () => {
  it('writes CSV with a header, a byte-order mark and one row per highlight', () => {
    const csv = encodeAll(highlightEncoder('csv', { exportedAt: at, total: 2 }), highlights);
    expect(csv.startsWith('\uFEFFreference,color,text,verse_id,highlighted_at\r\n')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toEqual([
      'reference,color,text,verse_id,highlighted_at',
      'John 3:16,yellow,"For God so loved the world, that he gave",JOHN.3.16,2025-02-27T09:00:00.000Z',
      `Psalms 23:1,green,"'=HYPERLINK(""http://evil"")",PSALMS.23.1,2025-02-26T09:00:00.000Z`,
      '',
    ]);
  });

  it('writes Markdown with the reference, colour, date and text', () => {
    const md = encodeAll(highlightEncoder('md', { exportedAt: at, total: 2 }), highlights);
    expect(md).toContain('# My Highlights');
    expect(md).toContain('Exported from Selah on 2025-03-01 · 2 highlights, newest first.');
    expect(md).toContain('**John 3:16** · Yellow · 2025-02-27\n\n> For God so loved the world, that he gave\n');
    expect(md.indexOf('John 3:16')).toBeLessThan(md.indexOf('Psalms 23:1'));
  });

  it('writes JSON with the format marker and version, and nothing about the owner', () => {
    const json = JSON.parse(
      encodeAll(
        highlightEncoder('json', { exportedAt: at, total: 2 }),
        highlights.map((h) => ({ ...h, userId: 'someone' })),
      ),
    );
    expect(json).toEqual({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: at.toISOString(), highlights });
  });
});

describe('note exports', () => {
  it('writes Markdown: a heading per note, type, reference and date, then the text', () => {
    const md = encodeAll(noteEncoder('md', { exportedAt: at, total: 2 }), notes);
    expect(md.startsWith('# My Notes\n\nExported from Selah on 2025-03-01 · 2 notes, newest first.\n\n---\n\n')).toBe(true);
    expect(md).toContain('## Quote for John 3:16\n\n*Quote · John 3:16 · 2025-02-28*\n\n"For God so loved the world"\n\nGrace first.\n\n---\n');
    // A title never breaks out of its heading line.
    expect(md).toContain('## Question for Ruth 1:4\n\n*Question · Ruth 1:4 · 2025-02-01*\n\nWho was Orpah?');
  });

  it('says when the cap leaves older items out', () => {
    const md = encodeAll(noteEncoder('md', { exportedAt: at, total: 12_345 }), []);
    expect(md).toContain('12,345 notes, newest first.\n\nThis file holds the newest 10,000 of them.');
  });

  it('writes JSON that parses back through the import schema, empty or not', () => {
    const json = JSON.parse(encodeAll(noteEncoder('json', { exportedAt: at, total: 2 }), notes));
    expect(json.notes).toEqual(notes);
    expect(studyImport.parse(json).notes).toHaveLength(2);
    const empty = JSON.parse(encodeAll(noteEncoder('json', { exportedAt: at, total: 0 }), []));
    expect(empty).toEqual({ format: EXPORT_FORMAT, version: 1, exportedAt: at.toISOString(), notes: [] });
  });

  it('names files by kind and day', () => {
    expect(exportFileName('notes', 'md', at)).toBe('selah-notes-2025-03-01.md');
    expect(exportFileName('highlights', 'csv', at)).toBe('selah-highlights-2025-03-01.csv');
  });
});

describe('import schema', () => {
  const problem = (body: unknown) => {
    const parsed = studyImport.safeParse(body);
    return parsed.success ? undefined : importProblem(parsed.error);
  };

  it('tells a file that is not ours by its marker', () => {
    for (const body of [[], 'text', null, {}, { format: 'other', version: 1 }, { notes: [] }, { format: EXPORT_FORMAT, version: 'one' }]) {
      expect(problem(body)).toBe(NOT_AN_EXPORT);
    }
    expect(problem({ format: EXPORT_FORMAT, version: 2 })).toMatch(/newer version of Selah/);
  });

  it('names the item and the rule it breaks', () => {
    const base = { format: EXPORT_FORMAT, version: 1 };
    expect(
      problem({
        ...base,
        notes: [
          { type: 'freeform', content: 'ok', reference: 'John 1:1' },
          { type: 'freeform', content: '  ', reference: 'John 1:1' },
        ],
      }),
    ).toBe('Note 2: Write something before saving.');
    expect(problem({ ...base, highlights: [{ verse: 'JOHN.1.1', color: 'red', reference: 'John 1:1', text: '' }] })).toBe(
      'Highlight 1: Colour must be yellow, green, blue or pink.',
    );
    expect(problem({ ...base, highlights: ['x'] })).toBe('Highlight 1: not a highlight.');
    expect(problem({ ...base, notes: [{ type: 'quote', content: 'x' }] })).toBe("Note 1: 'reference' is missing or is not the right kind of value.");
    expect(problem({ ...base, notes: Array.from({ length: 10_001 }, () => ({ type: 'quote', content: 'x', reference: 'John 1:1' })) })).toBe(
      'A file can hold at most 10,000 notes.',
    );
  });
});

describe('duplicates and reader links', () => {
  it('keeps the first of each note (type, reference, content) and each highlighted verse', () => {
    const held = [noteKey({ type: 'quote', reference: 'John 3:16', content: 'x' })];
    const incoming = [
      { type: 'quote', reference: 'John 3:16', content: ' x ' },
      { type: 'question', reference: 'John 3:16', content: 'x' },
      { type: 'question', reference: 'John 3:16', content: 'x' },
    ];
    expect(newItems(held, incoming, noteKey)).toEqual({ added: [incoming[1]], skipped: 2 });
    expect(newItems([], [{ verse: 'john.3.16' }, { verse: 'JOHN.3.16' }], highlightKey).skipped).toBe(1);
  });

  it('finds the reader location of a reference', () => {
    expect(readerLocation('John 3:16')).toEqual({ book: 'John', chapter: 3, verse: 16 });
    expect(readerLocation('1 Corinthians 13:4-7')).toEqual({ book: '1 Corinthians', chapter: 13, verse: 4 });
    expect(readerLocation('Song of Solomon 2')).toEqual({ book: 'Song of Solomon', chapter: 2, verse: undefined });
    expect(readerLocation('John 3:16, 20')).toEqual({ book: 'John', chapter: 3, verse: 16 });
    expect(readerLocation('nothing')).toBeUndefined();
  });
});

describe('exports, byte for byte', () => {
  it('writes a whole Markdown file of notes: a title made for a note without one, text tidied at its edges', () => {
    const untitled: ExportedNote = {
      id: 'n3',
      type: 'freeform',
      title: '  ',
      reference: ' Psalms\t23:1 ',
      content: '  The Lord is my shepherd.\rI shall not want.  ',
      createdAt: 'not a date',
      updatedAt: 'not a date',
    };
    expect(encodeAll(noteEncoder('md', { exportedAt: at, total: 1 }), [untitled])).toBe(
      '# My Notes\n\nExported from Selah on 2025-03-01 · 1 note, newest first.\n\n---\n\n' +
        '## Freeform note for Psalms 23:1\n\n*Freeform note · Psalms 23:1 · unknown date*\n\nThe Lord is my shepherd.\nI shall not want.\n\n---\n\n',
    );
  });

  it('writes a whole Markdown file of highlights, and says nothing of a cap it does not reach', () => {
    expect(encodeAll(highlightEncoder('md', { exportedAt: at, total: EXPORT_MAX_ITEMS }), highlights.slice(0, 1))).toBe(
      `# My Highlights\n\nExported from Selah on 2025-03-01 · ${EXPORT_MAX_ITEMS.toLocaleString('en')} highlights, newest first.\n\n---\n\n` +
        '**John 3:16** · Yellow · 2025-02-27\n\n> For God so loved the world, that he gave\n\n',
    );
  });

  it('writes JSON laid out the same way every time, empty or not', () => {
    const head = `{\n  "format": "selah-study-export",\n  "version": 1,\n  "exportedAt": "2025-03-01T12:00:00.000Z",\n  "highlights": [`;
    expect(encodeAll(highlightEncoder('json', { exportedAt: at, total: 0 }), [])).toBe(`${head}]\n}\n`);
    const two = encodeAll(highlightEncoder('json', { exportedAt: at, total: 2 }), highlights);
    expect(two).toBe(`${head}\n    ${JSON.stringify(highlights[0])},\n    ${JSON.stringify(highlights[1])}\n  ]\n}\n`);
    // An encoder used twice starts its list again.
    const encoder = highlightEncoder('json', { exportedAt: at, total: 1 });
    encodeAll(encoder, highlights);
    expect(encodeAll(encoder, highlights.slice(0, 1))).toBe(`${head}\n    ${JSON.stringify(highlights[0])}\n  ]\n}\n`);
  });

  it('names its media types, its format and the largest import', () => {
    expect(MEDIA_TYPES).toEqual({ md: 'text/markdown; charset=utf-8', json: 'application/json; charset=utf-8', csv: 'text/csv; charset=utf-8' });
    expect(highlightEncoder('csv', { exportedAt: at, total: 0 }).mediaType).toBe('text/csv; charset=utf-8');
    expect(encodeAll(highlightEncoder('csv', { exportedAt: at, total: 0 }), [])).toBe('\uFEFFreference,color,text,verse_id,highlighted_at\r\n');
    expect(noteEncoder('md', { exportedAt: at, total: 0 }).mediaType).toBe('text/markdown; charset=utf-8');
    expect(EXPORT_FORMAT).toBe('selah-study-export');
    expect(IMPORT_MAX_BYTES).toBe(26_214_400);
  });

  it('knows a note again by type, reference and text, and a highlight by its verse, however they are spaced or cased', () => {
    const note = { type: 'quote', reference: 'John 3:16', content: 'Grace.' };
    expect(noteKey({ ...note, reference: ' John 3:16 ', content: ' Grace. ' })).toBe(noteKey(note));
    expect(noteKey({ ...note, type: 'question' })).not.toBe(noteKey(note));
    expect(highlightKey({ verse: ' john.3.16 ' })).toBe('JOHN.3.16');
  });
});
