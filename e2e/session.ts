import type { Page } from 'playwright-core';
import { clientAddress } from './fixtures.ts';
import { site } from './site.ts';

const jars = new Map<string, Promise<{ name: string; value: string; url: string }[]>>();

/** Session cookies of an account, signed in once per test file (and server) through the API, for pages to share. */
export function sessionCookies(email: string, password: string, baseUrl: string = site().baseUrl) {
  const jar = `${baseUrl} ${email}`;
  if (!jars.has(jar)) {
    jars.set(
      jar,
      fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': clientAddress() },
        body: JSON.stringify({ email, password }),
      }).then(async (res) => {
        if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
        return cookiesOf(res, baseUrl);
      }),
    );
  }
  return jars.get(jar)!;
}

/** Signs the page's browser context in as the account (no form, no mail), on the shared server or the one named. */
export async function signInAs(page: Page, account: { email: string; password: string }, baseUrl?: string): Promise<Page> {
  await page.context().addCookies(await sessionCookies(account.email, account.password, baseUrl));
  return page;
}

/** The cookies a reply sets, as Playwright adds them to a context. */
export function cookiesOf(res: Response, url: string): { name: string; value: string; url: string }[] {
  return res.headers.getSetCookie().map((cookie) => {
    const pair = cookie.split(';')[0]!;
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url };
  });
}
