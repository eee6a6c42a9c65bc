import type { Page } from 'playwright-core';
import { mailedLink } from './inbox.ts';
import { clientAddress } from './fixtures.ts';
import { cookiesOf } from './session.ts';
import { site } from './site.ts';

type Cookie = { name: string; value: string; url: string };
const made = new Map<string, Promise<Cookie[]>>();
let n = 0;

/**
 * A signed-in account for the My Notes / My Highlights screens, made once per test file through the
 * real API (sign-up, the mailed confirmation link, a display name so no welcome dialog covers the
 * page), with a few notes and highlights when `filled`.
 */
export function studyAccount(kind: 'filled' | 'empty'): Promise<Cookie[]> {
  if (!made.has(kind)) made.set(kind, makeAccount(kind));
  return made.get(kind)!;
}

/** Signs the page's context in as that account. */
export async function signInWithStudyData(page: Page, kind: 'filled' | 'empty'): Promise<void> {
  await page.context().addCookies(await studyAccount(kind));
}

async function makeAccount(kind: 'filled' | 'empty'): Promise<Cookie[]> {
  const baseUrl = site().baseUrl;
  const email = `study-${kind}-${process.pid}-${++n}@example.org`;
  const headers = { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': clientAddress() };
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'search the scriptures', name: kind }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const verified = await fetch(await mailedLink(email, /Confirm your email/), {
    redirect: 'manual',
    headers: { 'x-forwarded-for': headers['x-forwarded-for'] },
  });
  const cookies = cookiesOf(verified, baseUrl);
  const post = async (path: string, body: object) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { ...headers, cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
  };
  await post('/api/settings', { displayName: `Study ${kind}` });
  if (kind === 'filled') {
    await post('/api/notes', { type: 'quote', content: '"The LORD is my shepherd"\n\nHe leads before he asks.', reference: 'Psalms 23:1' });
    await post('/api/notes', { type: 'question', content: 'Why did Ruth stay?', reference: 'Ruth 1:16' });
    await post('/api/notes', { type: 'understand', content: 'Love is patient before it is anything else.', reference: '1 Corinthians 13' });
    await post('/api/notes', { type: 'freeform', content: 'Read on Sundays.', reference: 'Romans 8:28' });
    for (const [verse, color, reference, text] of [
      ['JOHN.3.16', 'yellow', 'John 3:16', 'For God so loved the world'],
      ['PSALMS.23.1', 'green', 'Psalms 23:1', 'The LORD is my shepherd; I shall not want.'],
      ['ROMANS.8.28', 'blue', 'Romans 8:28', 'And we know that all things work together for good'],
      ['RUTH.1.16', 'pink', 'Ruth 1:16', 'whither thou goest, I will go'],
    ]) {
      await post('/api/highlights', { verse, color, reference, text });
    }
  }
  return cookies;
}
