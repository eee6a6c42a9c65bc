import type { ChapterContent } from '#common/contracts/bible.ts';
import { readerPath } from '#common/scripture/reader-url.ts';
import { passageName } from '#common/scripture/passage-name.ts';

export const SITE_NAME = 'Selah';
export const DEFAULT_DESCRIPTION = 'Read the Bible in your translation, search it, compare translations and study it with AI help. Free and self-hostable.';

/** What crawlers and link previews read from a page, declared by its route's `head()`. */
export interface PageHead {
  title: string;
  description?: string;
  /** Path and query of the canonical address, made absolute with the site's origin (none for a 404). */
  canonical?: string;
  noindex?: boolean;
  type?: 'website' | 'article';
  jsonLd?: Record<string, unknown>;
  /** A picture for link previews (chat apps, social networks): a large card is shown with it. Its size when known. */
  image?: { url: string; width?: number; height?: number; alt: string };
  /** A feed of the page's kind of content (Atom), for feed readers: `<link rel="alternate">`. */
  feed?: { href: string; title: string };
}

type Link = { rel: string; href: string; type?: string; title?: string };

type Meta = Record<string, unknown>;

/**
 * The route `head()` result for a page: title, description, canonical link, social preview and
 * JSON-LD. The origin is the site's (the server's configured public address or a trusted host, never
 * a header taken as given), passed in the router context.
 */
export function headTags(head: PageHead, origin: string): { meta: Meta[]; links: Link[] } {
  const url = head.canonical === undefined ? undefined : new URL(head.canonical, origin).toString();
  const description = head.description ?? DEFAULT_DESCRIPTION;
  // A picture the app serves has a path; a bucket's has its own address.
  const image = head.image && { ...head.image, url: new URL(head.image.url, origin).toString() };
  const jsonLd = absolutize(head.jsonLd ?? { '@context': 'https://schema.org', '@type': 'WebPage', name: head.title }, origin);
  return {
    meta: [
      { title: head.title },
      { name: 'description', content: description },
      ...(head.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
      { property: 'og:site_name', content: SITE_NAME },
      { property: 'og:type', content: head.type ?? 'website' },
      { property: 'og:title', content: head.title },
      { property: 'og:description', content: description },
      ...(url ? [{ property: 'og:url', content: url }] : []),
      ...(image
        ? [
            { property: 'og:image', content: image.url },
            ...(image.width && image.height
              ? [
                  { property: 'og:image:width', content: String(image.width) },
                  { property: 'og:image:height', content: String(image.height) },
                ]
              : []),
            { property: 'og:image:alt', content: image.alt },
          ]
        : []),
      { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
      { name: 'twitter:title', content: head.title },
      { name: 'twitter:description', content: description },
      ...(image ? [{ name: 'twitter:image', content: image.url }] : []),
      { 'script:ld+json': jsonLd },
    ],
    links: [
      ...(url ? [{ rel: 'canonical', href: url }] : []),
      ...(head.feed ? [{ rel: 'alternate', type: 'application/atom+xml', title: head.feed.title, href: new URL(head.feed.href, origin).toString() }] : []),
    ],
  };
}

/** A page of the app with a fixed title ("Settings — Selah"); private pages are not for search engines. */
export function simplePageHead(path: string, title: string, options: { noindex?: boolean } = {}): PageHead {
  return { title: `${title} — ${SITE_NAME}`, canonical: path, noindex: options.noindex };
}

export function notFoundHead(): PageHead {
  return { title: `Page Not Found — ${SITE_NAME}`, noindex: true };
}

export function homeHead(): PageHead {
  return {
    title: `${SITE_NAME} — Read and study the Bible`,
    canonical: '/',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE_NAME,
      url: '/',
      potentialAction: { '@type': 'SearchAction', target: '/search?q={search_term_string}', 'query-input': 'required name=search_term_string' },
    },
  };
}

function clip(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`;
}

/** "John 3 (KJV)" with its first verses as the description (the one verse when the address names one). */
export function chapterHead(position: { book: string; chapter: number; verse?: number }, content: ChapterContent | undefined): PageHead {
  const book = content && !content.error ? content.book : position.book;
  const reference = passageName({ book, chapter: position.chapter, verses: position.verse ? [position.verse] : undefined });
  const code = content?.translation;
  const label = code ? `${reference} (${code})` : reference;
  const verses = content && !content.error ? content.verses.filter((v) => !position.verse || v.verse === position.verse).slice(0, position.verse ? 1 : 6) : [];
  const description = verses.length ? clip(verses.map((v) => v.text).join(' ')) : `Read ${reference} in the Bible.`;
  return {
    title: `${label} — ${SITE_NAME}`,
    description,
    canonical: readerPath(book, position.chapter, { verse: position.verse, translation: code }),
    type: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: label,
      description,
      mainEntity: {
        '@type': 'Chapter',
        name: `${book} ${position.chapter}`,
        isPartOf: { '@type': 'Book', name: content ? `The Holy Bible, ${content.translationName}` : 'The Holy Bible' },
      },
    },
  };
}

/** Relative URLs in JSON-LD ("/search?q=…") made absolute for the site's origin. */
function absolutize(value: unknown, origin: string): unknown {
  if (typeof value === 'string') return value.startsWith('/') ? new URL(value, origin).toString().replace('%7B', '{').replace('%7D', '}') : value;
  if (Array.isArray(value)) return value.map((v) => absolutize(v, origin));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, absolutize(v, origin)]));
  return value;
}

/** What a route's `head()` receives that these helpers use: the site's origin from the router context. */
export interface HeadContext {
  match: { context: { origin: string } };
}

/** A route's `head()` for a page with a fixed title. */
export const staticHead =
  (path: string, title: string, options: { noindex?: boolean } = {}) =>
  ({ match }: HeadContext) =>
    headTags(simplePageHead(path, title, options), match.context.origin);
