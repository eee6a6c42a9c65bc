import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pagePolicy } from '../../http/security-headers.ts';
import { SITE_NAME, type PageHead } from './head.ts';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Writes a page's head into the app's index.html so crawlers see it without running scripts. */
export function renderPage(template: string, head: PageHead, origin: string): string {
  const url = new URL(head.canonical, origin).toString();
  const jsonLd = JSON.stringify(absolutize(head.jsonLd, origin)).replace(/</g, '\\u003c');
  const tags = [
    `<link rel="canonical" href="${escape(url)}" />`,
    head.noindex ? '<meta name="robots" content="noindex" />' : '',
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${escape(head.title)}" />`,
    `<meta property="og:description" content="${escape(head.description)}" />`,
    `<meta property="og:url" content="${escape(url)}" />`,
    '<meta name="twitter:card" content="summary" />',
    `<meta name="twitter:title" content="${escape(head.title)}" />`,
    `<meta name="twitter:description" content="${escape(head.description)}" />`,
    `<script type="application/ld+json">${jsonLd}</script>`,
    // The app's fetches send credentials, so the preloads must too or the browser would not reuse them.
    ...(head.preload ?? []).map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escape(href)}" />`),
  ].filter(Boolean);
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(head.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escape(head.description)}" />`)
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}

/** Relative URLs in JSON-LD ("/search?q=…") made absolute for the site's origin. */
function absolutize(value: unknown, origin: string): unknown {
  if (typeof value === 'string') return value.startsWith('/') ? new URL(value, origin).toString().replace('%7B', '{').replace('%7D', '}') : value;
  if (Array.isArray(value)) return value.map((v) => absolutize(v, origin));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, absolutize(v, origin)]));
  return value;
}

/**
 * The built index.html and the CSP that lets exactly its scripts run, re-read when a new build
 * replaces it.
 */
export class PageTemplate {
  private cached?: { mtimeMs: number; html: string; policy: string };

  constructor(
    private readonly webDist: string,
    private readonly publicHttps: boolean,
  ) {}

  async load(): Promise<{ html: string; policy: string }> {
    const file = join(this.webDist, 'index.html');
    const { mtimeMs } = await stat(file);
    if (this.cached?.mtimeMs !== mtimeMs) {
      const html = await readFile(file, 'utf8');
      this.cached = { mtimeMs, html, policy: pagePolicy(html, this.publicHttps) };
    }
    return this.cached;
  }
}
