import type { Article, AuthorProfile, LessonDetail, LessonsPage } from '#common/contracts/lessons.ts';
import { SITE_NAME, type PageHead } from '../../../lib/page-head.ts';
import { markdownSummary } from '../../../lib/markdown-text.ts';

/** The lessons' public addresses (spec §2). */
export const lessonPath = (slug: string) => `/bible-lessons/${encodeURIComponent(slug)}`;
export const authorPath = (slug: string) => `/bible-lessons/author/${encodeURIComponent(slug)}`;
export const lessonsListPath = (page = 1) => (page > 1 ? `/bible-lessons?page=${page}` : '/bible-lessons');

/** The lessons' Atom feed (served by the server), named in the head of every lessons page. */
export const LESSONS_FEED = { href: '/bible-lessons/feed.xml', title: `${SITE_NAME} — Daily Lessons` };

export const LESSONS_TITLE = 'Daily Lessons';
const LESSONS_DESCRIPTION = 'Short lessons on Scripture and the life of faith, to read slowly and pray through.';

/** When a lesson came out: its publication time, else when it was written. */
export const lessonDate = (article: Pick<Article, 'publishedAt' | 'createdAt'>) => article.publishedAt ?? article.createdAt;

/** "Hannah Lindqvist" → "HL", "Samuel" → "S": an author without a picture. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((w) => [...w][0]!.toUpperCase()).join('') || '?';
}

/** What a search engine shows for a lesson: its description, else its excerpt, else its opening words. */
export function lessonDescription(lesson: Pick<LessonDetail, 'metaDescription' | 'excerpt'> & { body?: string }): string {
  return lesson.metaDescription.trim() || lesson.excerpt.trim() || markdownSummary(lesson.body ?? '', 200);
}

/** Head data of a lesson: its description, its hero picture for link previews, and JSON-LD Article. */
export function lessonHead(lesson: LessonDetail): PageHead {
  const description = lessonDescription(lesson);
  return {
    title: `${lesson.title} — ${SITE_NAME}`,
    description,
    canonical: lessonPath(lesson.slug),
    type: 'article',
    feed: LESSONS_FEED,
    ...(lesson.heroImageUrl ? { image: { url: lesson.heroImageUrl, alt: lesson.title } } : {}),
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: lesson.title,
      description,
      datePublished: lessonDate(lesson),
      author: { '@type': 'Person', name: lesson.author.name, url: authorPath(lesson.author.slug) },
      publisher: { '@type': 'Organization', name: SITE_NAME, url: '/' },
      mainEntityOfPage: lessonPath(lesson.slug),
      timeRequired: `PT${Math.max(1, lesson.readTimeMin)}M`,
      ...(lesson.heroImageUrl ? { image: lesson.heroImageUrl } : {}),
    },
  };
}

/** Head data of the list: "Daily Lessons", and "page N" past the first; a page past the end is not for search engines. */
export function lessonsListHead(data: LessonsPage, page: number): PageHead {
  const pastTheEnd = data.articles.length === 0 && page > 1;
  const title = page > 1 ? `${LESSONS_TITLE}, page ${page}` : LESSONS_TITLE;
  return {
    title: `${title} — ${SITE_NAME}`,
    description: LESSONS_DESCRIPTION,
    canonical: lessonsListPath(page),
    noindex: pastTheEnd,
    feed: LESSONS_FEED,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: title,
      description: LESSONS_DESCRIPTION,
      hasPart: data.articles.map((a) => ({ '@type': 'Article', headline: a.title, url: lessonPath(a.slug) })),
    },
  };
}

/** Head data of an author's page, at the slug's address whichever address it was opened by. */
export function authorHead(author: AuthorProfile): PageHead {
  const description = markdownSummary(author.bio, 200) || `Lessons by ${author.name} on ${SITE_NAME}.`;
  return {
    title: `${author.name} — ${SITE_NAME}`,
    description,
    canonical: authorPath(author.slug),
    type: 'website',
    feed: LESSONS_FEED,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      mainEntity: { '@type': 'Person', name: author.name, description, url: authorPath(author.slug) },
    },
  };
}
