import { describe, expect, it } from 'vitest';
import type { Article, LessonDetail } from '#common/contracts/lessons.ts';
import { headTags } from '../../../lib/page-head.ts';
import { initials, lessonDescription, lessonHead, lessonsListHead, lessonsListPath } from './lesson-pages.ts';

const article: Article = {
  id: 'a1',
  slug: 'reading-slowly',
  title: 'Reading Slowly',
  excerpt: 'An unhurried way to read.',
  metaDescription: '',
  heroImageUrl: null,
  readTimeMin: 4,
  publishedAt: '2026-11-23T09:00:00.000Z',
  createdAt: '2026-11-20T09:00:00.000Z',
  author: { id: 'u1', slug: 'samuel-adeyemi', name: 'Samuel Adeyemi', profileImageUrl: null },
};
const lesson: LessonDetail = { ...article, body: '## Begin\n\nRead **slowly**.', references: [], author: { ...article.author, bio: '' }, related: [] };

describe('lesson pages', () => {
  it('writes initials from the first and last names', () => {
    expect(initials('Hannah Lindqvist')).toBe('HL');
    expect(initials('  samuel  ')).toBe('S');
    expect(initials('Mary Ann de la Cruz')).toBe('MC');
    expect(initials('')).toBe('?');
  });

  it('describes a lesson by its description, else its excerpt, else its opening words', () => {
    expect(lessonDescription({ ...lesson, metaDescription: 'For search engines.' })).toBe('For search engines.');
    expect(lessonDescription(lesson)).toBe('An unhurried way to read.');
    expect(lessonDescription({ ...lesson, excerpt: ' ' })).toBe('Begin Read slowly.');
  });

  it("gives a lesson's head an Article, its picture when it has one, and the feed", () => {
    const plain = headTags(lessonHead(lesson), 'https://selah.example');
    expect(plain.meta).toContainEqual({ property: 'og:type', content: 'article' });
    expect(plain.meta.some((m) => m.property === 'og:image')).toBe(false);
    expect(plain.links).toEqual([
      { rel: 'canonical', href: 'https://selah.example/bible-lessons/reading-slowly' },
      { rel: 'alternate', type: 'application/atom+xml', title: 'Selah — Daily Lessons', href: 'https://selah.example/bible-lessons/feed.xml' },
    ]);
    const jsonLd = plain.meta.find((m) => 'script:ld+json' in m)!['script:ld+json'] as Record<string, unknown>;
    expect(jsonLd).toMatchObject({
      '@type': 'Article',
      headline: 'Reading Slowly',
      datePublished: '2026-11-23T09:00:00.000Z',
      author: { '@type': 'Person', name: 'Samuel Adeyemi', url: 'https://selah.example/bible-lessons/author/samuel-adeyemi' },
    });

    const pictured = headTags(lessonHead({ ...lesson, heroImageUrl: '/media/lessons/hero.webp' }), 'https://selah.example');
    expect(pictured.meta).toContainEqual({ property: 'og:image', content: 'https://selah.example/media/lessons/hero.webp' });
    expect(pictured.meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    // Its size is not known: no width or height is claimed.
    expect(pictured.meta.some((m) => m.property === 'og:image:width')).toBe(false);
  });

  it('names the list by its page, and keeps a page past the end out of search engines', () => {
    expect(lessonsListPath(1)).toBe('/bible-lessons');
    expect(lessonsListPath(3)).toBe('/bible-lessons?page=3');
    const first = lessonsListHead({ articles: [article], page: 1, pageCount: 1, total: 1 }, 1);
    expect(first).toMatchObject({ title: 'Daily Lessons — Selah', canonical: '/bible-lessons', noindex: false });
    const beyond = lessonsListHead({ articles: [], page: 5, pageCount: 1, total: 1 }, 5);
    expect(beyond).toMatchObject({ title: 'Daily Lessons, page 5 — Selah', canonical: '/bible-lessons?page=5', noindex: true });
  });
});
