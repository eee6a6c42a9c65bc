import type { App } from '../src/app.ts';
import type { startInbox } from './smtp-inbox.ts';

export const HOST = 'selah.test';
export const ORIGIN = `http://${HOST}`;

/** A cookie jar for inject(): keeps what Set-Cookie gives, sends it back. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  /** `ip` is sent as X-Forwarded-For, so tests that sign up many people stay under the per-address limits. */
  constructor(
    private readonly app: App,
    private readonly ip?: string,
  ) {}

  async request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const res = await this.app.server.inject({
      method,
      url,
      payload: payload as never,
      headers: {
        host: HOST,
        origin: ORIGIN,
        cookie: this.cookie,
        ...(this.ip && { 'x-forwarded-for': this.ip }),
        ...headers,
      },
    });
    const set = res.headers['set-cookie'];
    for (const c of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair, ...attrs] = c.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim()));
      if (expired || value.join('=') === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    return res;
  }

  /** The Cookie header this browser sends (to another app of the same site, too). */
  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get cookieHeader(): string[] {
    return [...this.cookies.keys()];
  }

  /** Another tab of the same browser: the same cookies now, its own jar from here on. */
  clone(): Browser {
    const copy = new Browser(this.app, this.ip);
    for (const [k, v] of this.cookies) copy.cookies.set(k, v);
    return copy;
  }
}

/** Signs up, follows the verification link from the mail, and returns a browser that is signed in. */
export async function signUpVerified(app: App, inbox: Awaited<ReturnType<typeof startInbox>>, email: string, password = 'correct horse battery', ip?: string) {
  const browser = new Browser(app, ip);
  const res = await browser.request('POST', '/api/auth/sign-up/email', { email, password, name: email.split('@')[0] });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const mail = await inbox.waitFor(email, /Confirm your email/);
  const link = new URL(inbox.link(mail));
  const verified = await browser.request('GET', link.pathname + link.search);
  if (verified.statusCode >= 400) throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
  return browser;
}
