import { AppError } from '../../lib/errors.ts';
import { CONTENT_IMPORT } from '../../access/staff.ts';
import type { DailyService } from '../daily/daily.service.ts';
import type { LessonsService } from '../lessons/lessons.service.ts';
import type { NewsService } from '../news/news.service.ts';
import { ContentError, type ContentFolder } from './content-folder.ts';

export interface ImportCounts {
  authors: { added: number; updated: number };
  lessons: { added: number; updated: number };
  news: { added: number; updated: number };
  prayers: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Writes a content folder through the modules' services (their rules and the audit log apply). Lessons
 * and posts without a date are dated by their `order` (1 is newest: today), a day apart, so a fresh
 * site reads as one that has been writing; a lesson or post already here keeps its address and date.
 */
export async function importContent(
  folder: ContentFolder,
  services: { lessons: LessonsService; news: NewsService; daily: DailyService },
  now = new Date(),
): Promise<ImportCounts> {
  const counts: ImportCounts = { authors: { added: 0, updated: 0 }, lessons: { added: 0, updated: 0 }, news: { added: 0, updated: 0 }, prayers: 0 };
  const dated = (publishedAt: Date | undefined, order: number | undefined, index: number) =>
    publishedAt ?? new Date(now.getTime() - ((order ?? index + 1) - 1) * DAY_MS);
  // Authors' pictures are re-encoded before anything is written, so one that will not decode stops the import.
  const pictures = new Map<string, string>();
  for (const author of folder.authors) {
    if (!author.picture) continue;
    try {
      pictures.set(author.slug, await services.lessons.storeAuthorPicture(author.picture.bytes));
    } catch (error) {
      throw error instanceof AppError ? new ContentError(`${author.picture.path}: ${error.message}`) : error;
    }
  }
  for (const { slug, name, bio } of folder.authors) {
    const picture = pictures.get(slug);
    counts.authors[await services.lessons.importAuthor(CONTENT_IMPORT, { slug, name, bio, ...(picture ? { profileImageUrl: picture } : {}) })]++;
  }
  for (const [i, lesson] of folder.lessons.entries()) {
    counts.lessons[await services.lessons.importLesson(CONTENT_IMPORT, { ...lesson, publishedAt: dated(lesson.publishedAt, lesson.order, i) })]++;
  }
  for (const [i, post] of folder.news.entries()) {
    counts.news[await services.news.importPost(CONTENT_IMPORT, { ...post, publishedAt: dated(post.publishedAt, post.order, i) })]++;
  }
  for (const prayer of folder.prayers) {
    await services.daily.scheduleEditorPrayer(prayer.day, prayer.title, prayer.content);
    counts.prayers++;
  }
  return counts;
}
