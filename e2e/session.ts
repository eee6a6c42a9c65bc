import type { Page } from 'playwright-core';
import { inject } from 'vitest';

let counter = 0;

/**
 * Gives a page its own client address (X-Forwarded-For, which the server trusts as a proxy's), so
 * tests that sign up or sign in many times stay under the per-address limits shared by all files.
 */
export async function ownAddress(page: Page): Promise<Page> {
  counter += 1;
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.77.${process.pid % 250}.${counter % 250}` });
  return page;
}

const jars = new Map<string, Promise<{ name: string; value: string; url: string }[]>>();

/** Session cookies of an account, signed in once per test file through the API, for pages to share. */
export function sessionCookies(email: string, password: string) {
  if (!jars.has(email)) {
    const baseUrl = inject('baseUrl');
    jars.set(
      email,
      fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': `10.78.${process.pid % 250}.1` },
        body: JSON.stringify({ email, password }),
      }).then(async (res) => {
        if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
        return res.headers.getSetCookie().map((cookie) => {
          const pair = cookie.split(';')[0]!;
          const eq = pair.indexOf('=');
          return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: baseUrl };
        });
      }),
    );
  }
  return jars.get(email)!;
}

/** Signs the page's browser context in as the account (no form, no mail). */
export async function signInAs(page: Page, account: { email: string; password: string }): Promise<Page> {
  await page.context().addCookies(await sessionCookies(account.email, account.password));
  return page;
}
