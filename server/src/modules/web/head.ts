import { resolveBook } from '#common/bible/reference.ts';
import { DEFAULT_TRANSLATION } from '#common/bible/categories.ts';
import { availableBooksPath, chapterContentPath, readerSearch } from '#common/bible/reader-url.ts';
import type { BibleService } from '../bible/bible.service.ts';

/** What crawlers and link previews read from a page: written into the HTML by the server. */
export interface PageHead {
  title: string;
  description: string;
  /** Path and query of the canonical URL. */
  canonical: string;
  noindex?: boolean;
  /** 404 for paths that are no page of the app. */
  status: 200 | 404;
  type: 'website' | 'article';
  jsonLd: Record<string, unknown>;
  /** API replies the page will ask for first: fetched while its scripts load. */
  preload?: string[];
}

export const SITE_NAME = 'Selah';
const DEFAULT_DESCRIPTION = 'Read the Bible in your translation, search it, compare translations and study it with AI help. Free and self-hostable.';

/**
 * The pages the web app routes (web/src/routes), with their titles: any other path is answered 404
 * with noindex, as the app shows it. A spec route gets its entry when its page is built (a test keeps
 * this table and the route files the same).
 */
export const PAGES: Record<string, string> = {
  '/': 'Read and study the Bible',
  '/bible': 'Read the Bible',
  '/search': 'Search the Bible',
  '/chat': 'Bible Chat',
  '/bible-lessons': 'Daily Lessons',
  '/notes': 'My Notes',
  '/highlights': 'My Highlights',
  '/news': 'News',
  '/admin': 'Admin',
  '/secret-admin-login': 'Admin sign-in',
  '/settings': 'Settings',
  '/achievements': 'My Stats',
  '/auth': 'Sign in',
  '/profile': 'My Profile',
  '/forgot-password': 'Forgot Password',
  '/reset-password': 'Reset Password',
  '/verify-email': 'Verify Email',
  '/terms': 'Terms of Service',
  '/privacy': 'Privacy Policy',
  '/terms-standalone': 'Terms of Service',
  '/privacy-standalone': 'Privacy Policy',
  '/contact': 'Contact',
  '/about': 'About',
};

// Private or per-person pages are not for search engines.
const NOINDEX = new Set([
  '/notes',
  '/highlights',
  '/settings',
  '/profile',
  '/admin',
  '/secret-admin-login',
  '/auth',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/achievements',
  '/search',
]);

function pageTitle(path: string): string | undefined {
  return Object.hasOwn(PAGES, path) ? PAGES[path] : undefined;
}

function clip(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`;
}

export function pageHead(path: string, query: URLSearchParams, bible: BibleService): PageHead {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (normalized === '/bible') return readerHead(query, bible);
  const title = pageTitle(normalized);
  if (!title) {
    return {
      title: `Page Not Found — ${SITE_NAME}`,
      description: DEFAULT_DESCRIPTION,
      canonical: normalized,
      noindex: true,
      status: 404,
      type: 'website',
      jsonLd: { '@context': 'https://schema.org', '@type': 'WebPage', name: 'Page Not Found' },
    };
  }
  if (normalized === '/') {
    return {
      title: `${SITE_NAME} — ${title}`,
      description: DEFAULT_DESCRIPTION,
      canonical: '/',
      status: 200,
      type: 'website',
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: SITE_NAME,
        url: '/',
        potentialAction: { '@type': 'SearchAction', target: '/search?q={search_term_string}', 'query-input': 'required name=search_term_string' },
      },
    };
  }
  const q = normalized === '/search' ? query.get('q')?.trim().slice(0, 100) : undefined;
  return {
    title: q ? `“${q}” — ${title} — ${SITE_NAME}` : `${title} — ${SITE_NAME}`,
    description: q ? `Verses of the Bible matching “${q}”.` : DEFAULT_DESCRIPTION,
    canonical: normalized,
    noindex: NOINDEX.has(normalized),
    status: 200,
    type: 'website',
    jsonLd: { '@context': 'https://schema.org', '@type': 'WebPage', name: title },
  };
}

/** "/bible?book=John&chapter=3" → "John 3 (KJV)", its first verses as the description. */
function readerHead(query: URLSearchParams, bible: BibleService): PageHead {
  const book = resolveBook(query.get('book') ?? 'Genesis') ?? resolveBook('Genesis')!;
  const chapter = Math.max(1, Number.parseInt(query.get('chapter') ?? '1', 10) || 1);
  const verse = Number.parseInt(query.get('verse') ?? '', 10) || undefined;
  let code = query.get('translation')?.toUpperCase() || undefined;
  let translation;
  try {
    translation = bible.translation(code);
    code = translation.code;
  } catch {
    translation = undefined;
  }
  const reference = verse ? `${book.name} ${chapter}:${verse}` : `${book.name} ${chapter}`;
  const label = code ? `${reference} (${code})` : reference;
  const verses = translation ? bible.passageVerses(translation, { book, chapter, verse, endChapter: chapter, endVerse: verse }, verse ? 1 : 6) : [];
  const description = verses.length ? clip(verses.map((v) => v.text).join(' ')) : `Read ${reference} in the Bible.`;
  // The reader's first two requests, exactly as it will make them; without a translation in the URL
  // it uses the browser's preferred one, unknown here, so the default is preloaded as the best guess.
  const search = readerSearch(Object.fromEntries(query));
  const wanted = search.translation ?? DEFAULT_TRANSLATION;
  const preload = bible.hasTranslation(wanted)
    ? [availableBooksPath(wanted), chapterContentPath(wanted, search.book ?? 'Genesis', search.chapter ?? 1)]
    : undefined;
  const canonical = `/bible?${new URLSearchParams({ book: book.name, chapter: String(chapter), ...(verse ? { verse: String(verse) } : {}), ...(code ? { translation: code } : {}) })}`;
  return {
    title: `${label} — ${SITE_NAME}`,
    description,
    canonical,
    status: 200,
    type: 'article',
    preload,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: label,
      description,
      mainEntity: {
        '@type': 'Chapter',
        name: `${book.name} ${chapter}`,
        isPartOf: { '@type': 'Book', name: translation ? `The Holy Bible, ${translation.summary.name}` : 'The Holy Bible' },
      },
    },
  };
}
