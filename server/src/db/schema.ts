import { customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back Uint8Array, node-postgres a Buffer: give the app a Buffer either way.
  fromDriver: (value) => Buffer.from(value),
});

/** Bible translations in the store: what people choose from, and where each text came from. */
export const translations = pgTable('translations', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  language: text('language').notNull(),
  languageName: text('language_name').notNull(),
  category: text('category').notNull(),
  licence: text('licence').notNull(),
  source: text('source').notNull(),
  direction: text('direction').notNull().default('ltr'),
  /** Identifies the exact source imported (package version, module files, file hash): same fingerprint, no re-import. */
  fingerprint: text('fingerprint').notNull(),
  formatVersion: integer('format_version').notNull(),
  bookCount: integer('book_count').notNull(),
  verseCount: integer('verse_count').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The text of a translation (see bible/store/translation-text.ts), in parts of at most 1 MB. Kept in
 * the database, not the data folder, so every app process sharing PostgreSQL sees the same store; in
 * parts because PGlite's WebAssembly memory grows to the largest value it handles and never shrinks.
 */
export const translationTexts = pgTable(
  'translation_texts',
  {
    code: text('code')
      .notNull()
      .references(() => translations.code, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.part] })],
);
