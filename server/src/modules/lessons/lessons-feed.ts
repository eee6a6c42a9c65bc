import type { LessonWithAuthor } from './lessons.repository.ts';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/**
 * The lessons as an Atom feed (RFC 4287): title, link, author, dates and the excerpt as summary. The
 * origin is the site's (the configured public address or a trusted host), never a header taken as given.
 */
export function lessonsFeed(origin: string, rows: LessonWithAuthor[], siteName: string): string {
  const at = (path: string) => new URL(path, origin).toString();
  const updated = rows.reduce((latest, { lesson }) => (lesson.updatedAt > latest ? lesson.updatedAt : latest), new Date(0));
  const entries = rows.map(({ lesson, author }) => {
    const link = at(`/bible-lessons/${lesson.slug}`);
    return [
      '  <entry>',
      `    <title>${escapeXml(lesson.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
      `    <id>${escapeXml(link)}</id>`,
      `    <published>${lesson.publishedAt!.toISOString()}</published>`,
      `    <updated>${lesson.updatedAt.toISOString()}</updated>`,
      `    <author><name>${escapeXml(author.name)}</name><uri>${escapeXml(at(`/bible-lessons/author/${author.slug}`))}</uri></author>`,
      `    <summary>${escapeXml(lesson.excerpt || lesson.metaDescription)}</summary>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${escapeXml(`${siteName} — Bible lessons`)}</title>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(at('/bible-lessons/feed.xml'))}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(at('/bible-lessons'))}"/>`,
    `  <id>${escapeXml(at('/bible-lessons'))}</id>`,
    `  <updated>${updated.toISOString()}</updated>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
