import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/**
 * Browser protections (helmet's, read once into plain objects: no middleware runs per request).
 *  - Every reply: nosniff, no cross-origin reads (CORP), a CSP that allows nothing and no framing, and
 *    HSTS over https — what protects any response, a JSON reply or a file.
 *  - Pages besides: the rest of helmet's set (referrer policy, X-Frame-Options, COOP, …) and a
 *    Permissions-Policy, which only mean something for documents, and `pagePolicy` as their CSP.
 * Keeping the page-only headers off API replies keeps the hot path lean (a chapter reply is ~2.4 KB).
 */
const NOTHING_POLICY = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"], 'base-uri': ["'none'"], 'form-action': ["'none'"] };
const EVERY_REPLY = ['content-security-policy', 'cross-origin-resource-policy', 'x-content-type-options', 'strict-transport-security'];

// Features the app never uses are switched off, so injected or third-party code cannot ask for them.
const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** The headers helmet sets with our options, read from a response it fills in. */
function helmetHeaders(hsts: boolean): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: NOTHING_POLICY },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // A year, this host only: other names under the same domain may still be plain http.
    strictTransportSecurity: hsts ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as never, response as never, () => undefined);
  return headers;
}

function headerSets(hsts: boolean) {
  const all = helmetHeaders(hsts);
  const everyReply = Object.fromEntries(Object.entries(all).filter(([name]) => EVERY_REPLY.includes(name)));
  const { 'content-security-policy': _replaced, ...page } = all;
  return { everyReply, page: { ...page, 'permissions-policy': PERMISSIONS_POLICY } };
}

export interface SecurityHeaders {
  /** The headers of a page, but its CSP (the page adds its own). */
  page(req: FastifyRequest): Record<string, string>;
  /** The headers every reply over plain http carries (for replies sent outside Fastify: http/fast-reads.ts). */
  overHttp: Record<string, string>;
}

/** Adds the every-reply headers to each reply; gives the page headers for pages. */
export function registerSecurityHeaders(app: FastifyInstance, options: { publicHttps: boolean }): SecurityHeaders {
  const overHttps = headerSets(true);
  const overHttp = headerSets(options.publicHttps);
  const forRequest = (req: FastifyRequest) => (req.protocol === 'https' ? overHttps : overHttp);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(forRequest(req).everyReply);
    done();
  });
  // Behind a trusted TLS proxy (TRUST_PROXY, X-Forwarded-Proto: https) every cookie is Secure, even when
  // PUBLIC_URL is not set and the auth library could not know the site is served over https.
  app.addHook('onSend', (req, reply, payload, done) => {
    const cookies = req.protocol === 'https' ? reply.getHeader('set-cookie') : undefined;
    if (cookies !== undefined) {
      const list = Array.isArray(cookies) ? cookies : [String(cookies)];
      reply.removeHeader('set-cookie'); // header() would add to the list, not replace it
      reply.header(
        'set-cookie',
        list.map((c) => (/;\s*secure\s*(;|$)/i.test(c) ? c : `${c}; Secure`)),
      );
    }
    done(null, payload);
  });
  return { page: (req) => forRequest(req).page, overHttp: overHttp.everyReply };
}

/**
 * The CSP of the service worker's script, which governs the worker itself: it only fetches from this
 * site (the app's files, pages and Bible reads it keeps) and runs no other code.
 */
export const SERVICE_WORKER_POLICY = "default-src 'none'; connect-src 'self'";

/** What a page's CSP depends on besides the page: https, and where media is served from if not here. */
export interface PagePolicyOptions {
  publicHttps: boolean;
  /** The origin of a public media bucket (MEDIA_S3_PUBLIC_URL), from which audio may play and pictures show. */
  mediaOrigin?: string;
}

/** The CSP of the app's pages: its own scripts (and the inline ones of its HTML, by hash) and nothing from elsewhere. */
export function pagePolicy(html: string, { publicHttps, mediaOrigin }: PagePolicyOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(html)],
    // Inline style attributes and the style elements of dialog libraries; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(mediaOrigin ? [mediaOrigin] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'", 'blob:', ...(mediaOrigin ? [mediaOrigin] : [])],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(publicHttps && { 'upgrade-insecure-requests': [] }),
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** 'sha256-…' sources for each executable inline script of a page (JSON data blocks are not scripts). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\bsrc\s*=/.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}
