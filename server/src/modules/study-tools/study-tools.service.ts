import type { CommentariesReply, CrossReferencesReply } from '#common/contracts/study-tools.ts';
import { CROSS_REFERENCES_MAX } from '#common/contracts/study-tools.ts';
import { verseCount, type CanonBook } from '#common/scripture/canon.ts';
import { formatVerseReference } from '#common/scripture/verse-id.ts';
import { parseReference } from '#common/scripture/reference.ts';
import { NotFound } from '../../lib/errors.ts';
import type { CrossReferences } from '../../scripture/cross-references/cross-references.ts';
import type { BibleService } from '../bible/bible.service.ts';
import type { InstalledCommentaries } from './installed-commentaries.ts';

/** The study panel's Commentary and Cross references tabs (issue 30 §3), for one verse. */
export class StudyToolsService {
  constructor(
    private readonly bible: BibleService,
    private readonly commentaries: InstalledCommentaries,
    private readonly crossReferences: CrossReferences,
  ) {}

  commentariesOn(bookName: string, chapter: number, verse: number): CommentariesReply {
    const book = this.verse(bookName, chapter, verse);
    const { entries, installed } = this.commentaries.on(book, chapter, verse);
    return { commentaries: entries, installed };
  }

  crossReferencesOf(bookName: string, chapter: number, verse: number, translationCode: string | undefined): CrossReferencesReply {
    const book = this.verse(bookName, chapter, verse);
    // A translation not held here (a licensed one, a mistyped code) reads in the site's default instead.
    const translation =
      translationCode && this.bible.localTranslations().some((t) => t.code === translationCode)
        ? this.bible.translation(translationCode)
        : this.bible.translation(undefined);
    const references = this.crossReferences.related(formatVerseReference(book, chapter, verse), CROSS_REFERENCES_MAX).flatMap((reference) => {
      const range = parseReference(reference);
      if (!range || range.verse === undefined) return [];
      return [
        {
          reference,
          book: range.book.name,
          chapter: range.chapter,
          verse: range.verse,
          text: translation.verseText(range.book, range.chapter, range.verse) ?? '',
        },
      ];
    });
    return { translation: translation.code, references };
  }

  /** The book, when the verse is in the Bible (in KJV numbering, or in any translation held here). */
  private verse(bookName: string, chapter: number, verse: number): CanonBook {
    const book = this.bible.book(bookName);
    if (chapter > book.chapters)
      throw new NotFound(`${book.name} has ${book.chapters} chapter${book.chapters === 1 ? '' : 's'}, so there is no chapter ${chapter}.`);
    const last = Math.max(verseCount(book, chapter) ?? 0, this.bible.chapterShape(book.name, chapter)?.lastVerse ?? 0);
    if (verse > last) throw new NotFound(`${book.name} ${chapter} has ${last} verses, so there is no verse ${verse}.`);
    return book;
  }
}
