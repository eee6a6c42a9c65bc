import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Browser protections on every reply (helmet): nosniff, a strict referrer policy, no framing, no
 * cross-origin reads of our resources, HSTS over https. Replies that are not pages get a CSP that
 * allows nothing; pages get `pagePolicy`, which runs the app and nothing else.
 */
const NOTHING_POLICY = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"], 'base-uri': ["'none'"], 'form-action': ["'none'"] };

// Features the app never uses are switched off, so injected or third-party code cannot ask for them.
const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

function helmetFor(hsts: boolean) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: NOTHING_POLICY },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // A year, this host only: other names under the same domain may still be plain http.
    strictTransportSecurity: hsts ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
  });
}

export function registerSecurityHeaders(app: FastifyInstance, options: { publicHttps: boolean }): void {
  // Built once: helmet's middleware only sets precomputed headers, so it is cheap on the hot path.
  const overHttps = helmetFor(true);
  const overHttp = helmetFor(options.publicHttps);
  app.addHook('onRequest', (req, reply, done) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    (req.protocol === 'https' ? overHttps : overHttp)(req.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  // Behind a TLS proxy (TRUST_PROXY=on, X-Forwarded-Proto: https) every cookie is Secure, even when
  // PUBLIC_URL is not set and the auth library could not know the site is served over https.
  app.addHook('onSend', (req, reply, payload, done) => {
    const cookies = req.protocol === 'https' ? reply.getHeader('set-cookie') : undefined;
    if (cookies !== undefined) {
      const list = Array.isArray(cookies) ? cookies : [String(cookies)];
      reply.removeHeader('set-cookie'); // header() would add to the list, not replace it
      reply.header('set-cookie', list.map((c) => (/;\s*secure\s*(;|$)/i.test(c) ? c : `${c}; Secure`)));
    }
    done(null, payload);
  });
}

/** The CSP of the app's pages: its own scripts (and the inline ones of its HTML, by hash) and nothing from elsewhere. */
export function pagePolicy(html: string, publicHttps: boolean): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes(html)],
    // Inline style attributes and the style elements of dialog libraries; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
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
