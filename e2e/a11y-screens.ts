import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe.ts';
import { useBrowser } from './fixtures.ts';
import { signInWithStudyData } from './study-data.ts';
import { signInAs } from './session.ts';
import { SEEDED_READER } from './seeded-accounts.ts';
import { site } from './site.ts';

const signInReader = async (page: Page) => void (await signInAs(page, SEEDED_READER));

/**
 * Counts the page's requests in flight (its fetches) and notes when anything last loaded (its fetches and every
 * resource: scripts, styles, images), so `settle` can tell when the page has gone quiet.
 */
function watchRequests() {
  const w = window as unknown as { selahQuiet: (ms: number) => boolean };
  let inFlight = 0;
  let last = performance.now();
  const original = window.fetch.bind(window);
  window.fetch = (...args: Parameters<typeof fetch>) => {
    inFlight++;
    last = performance.now();
    return original(...args).finally(() => {
      inFlight--;
      last = performance.now();
    });
  };
  new PerformanceObserver(() => (last = performance.now())).observe({ type: 'resource' });
  w.selahQuiet = (ms) => inFlight === 0 && performance.now() - last >= ms;
}

/**
 * Hydrated, its data fetched and nothing moving (a dialog fading in would be checked half transparent). Quiet for
 * 150 ms rather than Playwright's network idle, which waits 500 ms after the last request of every page.
 */
const settle = async (page: Page) => {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.waitForFunction(
    () =>
      (window as unknown as { selahQuiet: (ms: number) => boolean }).selahQuiet(150) &&
      document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
};

// Every page and overlay of the reader issue, at phone and desktop widths, in both themes.
const SCREENS: { name: string; path: string; signIn?: (page: Page) => Promise<void>; open?: (page: Page) => Promise<void>; phoneOnly?: boolean }[] = [
  { name: 'home', path: '/' },
  { name: 'reader', path: '/bible?book=John&chapter=3' },
  { name: 'reader with poetry and footnotes', path: '/bible?book=Psalms&chapter=23&translation=WEB' },
  { name: 'search results', path: '/search?q=love' },
  { name: 'search with a reference', path: '/search?q=John%203:16' },
  { name: 'not found', path: '/no/such/page' },
  { name: 'chat', path: '/chat' },
  {
    name: 'chat with an answer',
    path: '/chat?q=What%20does%20the%20Bible%20say%20about%20love%3F',
    open: async (page) => {
      await page.getByRole('article', { name: 'Answer' }).waitFor();
    },
  },
  { name: 'sign in', path: '/auth?mode=signin' },
  { name: 'sign up', path: '/auth?mode=signup' },
  { name: 'forgot password', path: '/forgot-password' },
  { name: 'reset password without a token', path: '/reset-password' },
  {
    name: 'verse menu',
    path: '/bible?book=John&chapter=3',
    open: async (page) => {
      await page.locator('#v16').click();
      await page.getByTestId('verse-menu').waitFor();
    },
  },
  {
    name: 'Ask AI from the verse menu, answered',
    path: '/bible?book=John&chapter=3',
    open: async (page) => {
      await page.locator('#v16').click();
      await page.getByTestId('verse-menu').getByRole('button', { name: 'Ask AI about John 3:16' }).click();
      await page.getByRole('dialog', { name: 'Ask AI' }).getByRole('button', { name: 'Ask', exact: true }).click();
      await page.getByRole('dialog', { name: 'Ask AI' }).getByRole('article', { name: 'Answer' }).waitFor();
    },
  },
  {
    name: 'comparison dialog',
    path: '/bible?book=John&chapter=3',
    open: async (page) => {
      await page.locator('#v16').click();
      await page.getByTestId('verse-menu').getByRole('button', { name: 'Compare' }).click();
      await page.getByTestId('compare-item').first().waitFor();
    },
  },
  {
    name: 'study panel with a saved quote',
    path: '/bible?book=John&chapter=3',
    open: async (page) => {
      await page.locator('#v16').click();
      await page.getByTestId('verse-menu').getByRole('button', { name: 'Quote' }).click();
      const panel = page.getByRole('dialog', { name: 'Scripture Insights' });
      await panel.getByLabel('Your reflection').fill('Love that gives.');
      await panel.getByRole('button', { name: 'Save Quote Note' }).click();
      await panel.getByTestId('saved-note').waitFor();
    },
  },
  {
    name: 'study panel, Mark tab',
    path: '/bible?book=John&chapter=3',
    open: async (page) => {
      await page.locator('#v16').click();
      await page.getByTestId('verse-menu').getByRole('button', { name: 'Highlight yellow' }).click();
      await page.getByRole('button', { name: 'Study Chapter' }).click();
      await page.getByRole('dialog', { name: 'Scripture Insights' }).getByRole('tab', { name: 'Mark' }).click();
      await page.getByTestId('chapter-mark').waitFor();
    },
  },
  {
    name: 'book picker',
    path: '/bible?book=John&chapter=3',
    open: async (page) => {
      await page.getByRole('button', { name: /^Book: / }).click();
    },
  },
  {
    name: 'drawer',
    path: '/search',
    phoneOnly: true,
    open: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
    },
  },
  // Profile, settings, admin sign-in and the account menu (a bottom sheet on phones, a dropdown on desktop).
  { name: 'profile', path: '/profile', signIn: signInReader },
  {
    name: 'delete account dialog',
    path: '/profile',
    signIn: signInReader,
    open: async (page) => {
      await page.getByRole('button', { name: 'Delete account…' }).click();
      await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
    },
  },
  { name: 'settings, guest', path: '/settings' },
  { name: 'settings, signed in', path: '/settings', signIn: signInReader },
  { name: 'offline page', path: '/offline' },
  { name: 'admin sign-in', path: '/secret-admin-login' },
  {
    name: 'account menu',
    path: '/search',
    signIn: signInReader,
    open: async (page) => {
      await page.getByRole('button', { name: /^Account menu for / }).click();
      await page.locator('[data-testid="account-sheet"], [role="menu"]').first().waitFor();
    },
  },
  {
    name: 'audio player',
    path: '/bible?book=Psalms&chapter=23&translation=KJV',
    open: async (page) => {
      // Listen plays by itself once the file is made, and the player gives way to the mini-player:
      // paused and expanded, the full player stays open to be checked.
      await page.getByRole('button', { name: 'Listen to Psalm 23 (KJV)' }).click();
      const mini = page.getByTestId('mini-player');
      await mini.getByRole('button', { name: 'Pause Psalm 23 (KJV)' }).click({ timeout: 60_000 });
      await mini.getByRole('button', { name: 'Expand player' }).click();
      await page.getByRole('dialog', { name: 'Psalm 23 (KJV)' }).waitFor();
    },
  },
  {
    name: 'audio mini-player',
    path: '/bible?book=Psalms&chapter=23&translation=KJV',
    open: async (page) => {
      await page.getByRole('button', { name: 'Listen to Psalm 23 (KJV)' }).click();
      await page.getByTestId('mini-player').waitFor({ timeout: 60_000 });
    },
  },
  {
    name: 'verse audio',
    path: '/bible?book=John&chapter=3',
    open: async (page) => {
      await page.locator('#v16').click();
      await page.getByTestId('verse-menu').getByRole('button', { name: 'Listen' }).click();
      await page.getByTestId('verse-audio').waitFor({ state: 'attached', timeout: 30_000 });
    },
  },
  // Pictures and sharing (issue 15): the three dialogs and the public pages.
  {
    name: 'verse visualization gallery',
    path: '/bible?book=John&chapter=3&translation=KJV',
    open: async (page) => {
      await page.locator('#v16').click();
      await page.getByTestId('verse-menu').getByRole('button', { name: 'Visualize' }).click();
      await page.getByRole('dialog', { name: 'Visualize John 3:16' }).waitFor();
    },
  },
  {
    name: 'chapter illustrations',
    path: '/bible?book=John&chapter=3&translation=KJV',
    open: async (page) => {
      await page.getByRole('button', { name: 'Visualize John 3' }).first().click();
      await page.getByRole('dialog', { name: 'Chapter Illustrations - John 3' }).waitFor();
    },
  },
  {
    name: 'share verse',
    path: '/bible?book=John&chapter=3&translation=KJV',
    open: async (page) => {
      await page.locator('#v16').click();
      await page.getByTestId('verse-menu').getByRole('button', { name: 'Share' }).click();
      await page.getByRole('dialog', { name: 'Share John 3:16' }).getByRole('button', { name: 'Create Link' }).click();
      await page.getByLabel('Link to share').waitFor({ timeout: 30_000 });
    },
  },
  { name: 'my shared verses, guest', path: '/my-shared-verses' },
  { name: 'shared verse page', path: '/shared/{shared}' },
  // My Notes and My Highlights: an account with items, an empty account, and a guest.
  { name: 'my notes', path: '/notes', signIn: (page) => signInWithStudyData(page, 'filled') },
  { name: 'my notes, empty', path: '/notes', signIn: (page) => signInWithStudyData(page, 'empty') },
  { name: 'my notes, guest', path: '/notes' },
  { name: 'my highlights', path: '/highlights', signIn: (page) => signInWithStudyData(page, 'filled') },
  { name: 'my highlights, empty', path: '/highlights', signIn: (page) => signInWithStudyData(page, 'empty') },
  // Progress, rankings, plans and the personalization test (issue 16).
  { name: 'my stats, guest', path: '/achievements' },
  { name: 'my stats', path: '/achievements', signIn: signInReader },
  { name: 'rankings, guest', path: '/rankings' },
  { name: 'rankings by streak', path: '/rankings?by=streak', signIn: signInReader },
  { name: 'reading plans, guest', path: '/bible-plans' },
  { name: 'reading plans', path: '/bible-plans', signIn: signInReader },
  { name: 'personalization test', path: '/personalization-test' },
  // The daily prayer (issue 17).
  { name: 'prayer archive', path: '/previous-prayers' },
  // Bible lessons and news (the server's sample content).
  { name: 'lessons', path: '/bible-lessons' },
  { name: 'lessons, past the last page', path: '/bible-lessons?page=999' },
  { name: 'lesson', path: '/bible-lessons/{lesson}' },
  { name: 'lesson author', path: '/bible-lessons/author/{author}' },
  { name: 'author by id', path: '/authors/{authorId}' },
  { name: 'news', path: '/news' },
  { name: 'news post', path: '/news/{news}' },
  // The newsletter's unsubscribe link as the mail carries it, and what a key nobody holds is told.
  { name: 'newsletter unsubscribe', path: '/newsletter/unsubscribe?token=a11y-key-nobody-holds-0001' },
  {
    name: 'newsletter unsubscribe, unknown key',
    path: '/newsletter/unsubscribe?token=a11y-key-nobody-holds-0001',
    open: async (page) => {
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('alert').waitFor();
    },
  },
];

/** A verse shared once for this run, for the public page's check. */
let shared: Promise<string> | undefined;
function sharedCode(): Promise<string> {
  const baseUrl = site().baseUrl;
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify(body) }).then((r) =>
      r.json(),
    );
  shared ??= post('/api/bible/compare/John%203%3A16', { translations: ['KJV'] })
    .then(([verse]: { text: string }[]) =>
      post('/api/shared-verses', {
        reference: 'John 3:16',
        translation: 'KJV',
        verseText: verse!.text,
        backgroundColor: '#1a365d',
        textColor: '#ffffff',
        fontStyle: 'classic',
        isPublic: 1,
      }),
    )
    .then((r: { shareCode: string }) => r.shareCode);
  return shared;
}

type SampleKey = 'lesson' | 'author' | 'authorId' | 'news';

/** A lesson, its author and a news post of the sample content, for the pages that show one. */
let content: Promise<Record<SampleKey, string>> | undefined;
function sampleContent(): Promise<Record<SampleKey, string>> {
  const baseUrl = site().baseUrl;
  const get = (path: string) => fetch(`${baseUrl}${path}`).then((r) => r.json());
  content ??= Promise.all([get('/api/bible-lessons/articles?limit=1'), get('/api/news')]).then(
    ([[lesson], news]: [{ slug: string; author: { id: string; slug: string } }[], { posts: { id: string }[] }]) => ({
      lesson: lesson!.slug,
      author: lesson!.author.slug,
      authorId: lesson!.author.id,
      news: news.posts[0]!.id,
    }),
  );
  return content;
}

/** The screen's address with its placeholders filled in. */
async function screenPath(path: string): Promise<string> {
  if (path.includes('{shared}')) return path.replace('{shared}', await sharedCode());
  if (!/\{(lesson|author|authorId|news)\}/.test(path)) return path;
  const sample = await sampleContent();
  return path.replace(/\{(lesson|author|authorId|news)\}/, (_, key: SampleKey) => sample[key]);
}

const DEVICES = { phone: [390, 844], desktop: [1280, 800] } as const;

/**
 * Every screen checked at one width, in both themes. The phone and desktop widths are two test files
 * (a11y-phone, a11y-desktop) so that two of the browser tests' workers share the longest check.
 */
export function checkEveryScreen(device: keyof typeof DEVICES): void {
  const { returningPage } = useBrowser();
  const [width, height] = DEVICES[device];
  describe(`accessibility (axe-core) at ${device} width: no serious or critical violations`, () => {
    for (const screen of SCREENS) {
      if (screen.phoneOnly && device === 'desktop') continue;
      // Both themes on one page: the reader's system turning dark (at dusk, say) restyles what is open.
      it(`${screen.name}, ${device}, light and dark`, async () => {
        const page = await returningPage({ width, height });
        await page.addInitScript(watchRequests);
        await screen.signIn?.(page);
        await page.goto(await screenPath(screen.path));
        await settle(page);
        await screen.open?.(page);
        await settle(page);
        const light = await seriousViolations(page);
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.locator('html.dark').waitFor({ state: 'attached' });
        await settle(page);
        // Dark: what the theme changes (colours), the rest checked in light just above.
        expect({ light, dark: await seriousViolations(page, { colours: true }) }).toEqual({ light: [], dark: [] });
        await page.close();
      });
    }
  });
}
