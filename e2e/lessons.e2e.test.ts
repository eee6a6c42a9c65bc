import { describe, expect, it } from 'vitest';
import type { Article, AuthorProfile, LessonDetail, LessonsPage } from '#common/contracts/lessons.ts';
import type { NewsPage, NewsPost } from '#common/contracts/news.ts';
import { workerBlocked, useBrowser } from './fixtures.ts';
import { smallTargets } from './touch-targets.ts';

// Bible lessons and news: the home page's latest lessons, the list, a lesson, its author and the news,
// all public and rendered on the server from the sample content the server loads on its first start.
const { page: newPage, baseUrl } = useBrowser();

const api = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

/** Text as React writes it into HTML. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** A lesson whose body has a Scripture reference the server checked, with its reader link. */
async function lessonWithReference(): Promise<{ lesson: LessonDetail; reference: { written: string; href: string } }> {
  for (const article of (await api<LessonsPage>('/api/bible-lessons?page=1')).articles) {
    const lesson = await api<LessonDetail>(`/api/bible-lessons/articles/${article.slug}`);
    const reference = lesson.references.find((r) => r.status === 'verified' && r.href);
    if (reference) return { lesson, reference: { written: reference.written, href: reference.href! } };
  }
  throw new Error('no sample lesson has a checked Scripture reference');
}

describe('Bible lessons', () => {
  it('shows the latest lessons on the home page, each opening its lesson', async () => {
    const latest = await api<Article[]>('/api/bible-lessons/articles?limit=3');
    expect(latest.length).toBeGreaterThan(0);
    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Latest Lessons' });
    const cards = section.getByRole('article');
    expect(await cards.count()).toBe(Math.min(3, latest.length));
    const links = await section
      .getByRole('heading')
      .getByRole('link')
      .evaluateAll((els) => els.map((a) => a.getAttribute('href')));
    expect(links).toEqual(latest.slice(0, 3).map((a) => `/bible-lessons/${a.slug}`));
    expect(await section.getByRole('link', { name: 'View all lessons' }).getAttribute('href')).toBe('/bible-lessons');
    await section.scrollIntoViewIfNeeded();
    expect(await smallTargets(page, 'section[aria-labelledby="latest-lessons"]')).toEqual([]);

    // The whole card opens the lesson, its picture too.
    await cards.first().click({ position: { x: 24, y: 24 } });
    await page.waitForURL(`**/bible-lessons/${latest[0]!.slug}`);
    await page.getByRole('heading', { level: 1, name: latest[0]!.title }).waitFor();
  });

  it('renders a lesson on the server, with reader links for its Scripture and its author', async () => {
    const { lesson, reference } = await lessonWithReference();
    const path = `/bible-lessons/${lesson.slug}`;

    // The server's HTML has the lesson, its reference as a link into the reader and the head data.
    const res = await fetch(`${baseUrl}${path}`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toMatch(new RegExp(`<h1[^>]*>${html(lesson.title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(page).toContain(`href="${html(reference.href)}"`);
    expect(page).toContain(`href="/bible-lessons/author/${lesson.author.slug}"`);
    expect(page).toContain('<meta property="og:type" content="article"');
    expect(page).toMatch(/<link rel="canonical" href="[^"]*\/bible-lessons\/[^"]+"/);
    expect(page).toMatch(/<link rel="alternate" type="application\/atom\+xml"[^>]* href="[^"]*\/bible-lessons\/feed\.xml"/);
    const jsonLd = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    expect(jsonLd).toContainEqual(expect.objectContaining({ '@type': 'Article', headline: lesson.title }));

    // In the browser: the reference opens the reader at its verse.
    const tab = await newPage({ width: 1280, height: 800 });
    await tab.goto(path);
    const article = tab.getByRole('article', { name: lesson.title });
    const link = article.locator(`a[href="${reference.href}"]`).first();
    expect(await link.textContent()).toBe(reference.written);
    await link.click();
    const target = new URL(reference.href, baseUrl).searchParams;
    await tab.waitForURL(
      (url) => url.pathname === '/bible' && url.searchParams.get('book') === target.get('book') && url.searchParams.get('chapter') === target.get('chapter'),
    );
    await tab.getByRole('heading', { level: 1 }).waitFor();

    // Back on the lesson: the author's page lists their lessons.
    await tab.goBack();
    await article.getByRole('link', { name: lesson.author.name, exact: true }).click();
    await tab.waitForURL(`**/bible-lessons/author/${lesson.author.slug}`);
    const author = await api<AuthorProfile>(`/api/bible-lessons/authors/${lesson.author.slug}`);
    await tab.getByRole('heading', { level: 1, name: author.name }).waitFor();
    const theirs = tab.getByRole('region', { name: `Lessons by ${author.name}` });
    expect(await theirs.getByRole('heading', { level: 3 }).allTextContents()).toEqual(author.lessons.map((a) => a.title));
    expect(author.lessons.map((a) => a.slug)).toContain(lesson.slug);

    // The same page by the author's id, whose canonical address is the slug's.
    await tab.goto(`/authors/${author.id}`);
    await tab.getByRole('heading', { level: 1, name: author.name }).waitFor();
    expect(await tab.locator('link[rel="canonical"]').getAttribute('href')).toMatch(new RegExp(`/bible-lessons/author/${author.slug}$`));
  });

  it('fits phones: no small targets and no sideways scrolling on the lessons and news pages', async () => {
    const { lesson } = await lessonWithReference();
    const page = await newPage({ width: 390, height: 844 });
    for (const path of [`/bible-lessons/${lesson.slug}`, `/bible-lessons/author/${lesson.author.slug}`, '/bible-lessons', '/news']) {
      await page.goto(path);
      expect(await smallTargets(page, 'main'), path).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} scrolls sideways`).toBeLessThanOrEqual(390);
    }
  });

  it('pages the list, and a page past the end says so rather than failing', async () => {
    const first = await api<LessonsPage>('/api/bible-lessons?page=1');
    expect(first.articles.length).toBeGreaterThan(0);
    const page = await newPage({ width: 1280, height: 800 });
    const res = await page.goto('/bible-lessons?page=1');
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Daily Lessons' }).waitFor();
    expect(await page.locator('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual(first.articles.map((a) => a.title));
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/bible-lessons$/);
    const feed = await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute('href');
    expect((await fetch(feed!)).headers.get('content-type')).toMatch(/atom\+xml/);

    const past = first.pageCount + 1;
    const beyond = await page.goto(`/bible-lessons?page=${past}`);
    expect(beyond?.status()).toBe(200);
    await page.getByText(`There are no lessons on page ${past}.`).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await page.getByRole('link', { name: 'Go to the newest lessons' }).click();
    await page.waitForURL((url) => url.pathname === '/bible-lessons' && url.search === '');
    await page.getByRole('heading', { level: 2, name: first.articles[0]!.title }).waitFor();
  });
});

describe('News', () => {
  it('lists the published posts and shows one, rendered on the server', async () => {
    const news = await api<NewsPage>('/api/news?page=1');
    expect(news.posts.length).toBeGreaterThan(0);
    expect(news.posts.every((p) => p.status === 'published')).toBe(true);
    const post = await api<NewsPost>(`/api/news/${news.posts[0]!.id}`);

    const served = await (await fetch(`${baseUrl}/news`)).text();
    for (const p of news.posts) expect(served).toContain(`href="/news/${p.id}"`);
    const postHtml = await (await fetch(`${baseUrl}/news/${post.id}`)).text();
    expect(postHtml).toContain(html(post.title));

    const page = await newPage({ width: 390, height: 844 });
    await page.goto('/news');
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    expect(await page.locator('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual(news.posts.map((p) => p.title));
    await page.getByRole('link', { name: post.title }).click();
    await page.waitForURL(`**/news/${post.id}`);
    await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
    expect(await page.locator('main .article-body').textContent()).not.toContain('**');
  });
});

describe('The lessons and news pages', () => {
  it('hydrate without a warning or an error, and fetch nothing the page brought', async () => {
    const { lesson } = await lessonWithReference();
    const news = await api<NewsPage>('/api/news?page=1');
    for (const path of [
      '/',
      '/bible-lessons',
      `/bible-lessons/${lesson.slug}`,
      `/bible-lessons/author/${lesson.author.slug}`,
      `/authors/${lesson.author.id}`,
      '/news',
      `/news/${news.posts[0]!.id}`,
    ]) {
      const page = await newPage({ width: 390, height: 844 });
      const problems: string[] = [];
      const reads: string[] = [];
      page.on('console', (m) => {
        if ((m.type() === 'error' || m.type() === 'warning') && !m.text().startsWith('Failed to load resource') && !workerBlocked(m.text()))
          problems.push(m.text().slice(0, 300));
      });
      page.on('pageerror', (e) => problems.push(e.message.slice(0, 300)));
      page.on('request', (r) => {
        if (/\/api\/(bible-lessons|authors|news)\b/.test(r.url())) reads.push(new URL(r.url()).pathname);
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(problems, path).toEqual([]);
      expect(reads, path).toEqual([]);
      await page.context().close();
    }
  });
});

describe('Addresses that name nothing', () => {
  it('are the not-found page with a 404', async () => {
    const page = await newPage({ width: 1280, height: 800 });
    for (const path of ['/bible-lessons/no-such-lesson', '/bible-lessons/author/no-such-author', '/authors/no-such-author', '/news/no-such-post']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
      expect(await page.locator('meta[name="robots"]').getAttribute('content'), path).toBe('noindex');
    }
  });
});

describe('Painted pictures (issue 28)', () => {
  /** The server paints the sample lessons' and news posts' pictures in the background after it starts: wait for them. */
  async function painted<T extends { heroImageUrl: string | null }>(list: () => Promise<T[]>): Promise<T[]> {
    let items: T[] = [];
    await expect
      .poll(
        async () => {
          items = await list();
          return items.length > 0 && items.every((i) => /^\/media\/pictures\/hero-[a-z0-9]+\.webp$/.test(i.heroImageUrl ?? ''));
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(true);
    return items;
  }

  /** The pictures inside `scope` that the browser has drawn, by address. */
  const drawn = (page: Awaited<ReturnType<typeof newPage>>, scope: string) =>
    page
      .locator(`${scope} img`)
      .evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) => (img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : `not drawn: ${img.src}`)),
      );

  it('shows a painted picture on every lesson card and news card that had none', async () => {
    const lessons = await painted(async () => (await api<LessonsPage>('/api/bible-lessons?page=1')).articles);
    const posts = await painted(async () => (await api<NewsPage>('/api/news')).posts);
    for (const width of [390, 1280]) {
      const page = await newPage({ width, height: 900 });
      await page.goto('/bible-lessons');
      for (const img of await page.locator('main article img').all()) await img.scrollIntoViewIfNeeded();
      await expect.poll(() => drawn(page, 'main article'), { timeout: 15_000 }).toEqual(lessons.map((l) => l.heroImageUrl));
      await page.goto('/news');
      for (const img of await page.locator('main article img').all()) await img.scrollIntoViewIfNeeded();
      await expect.poll(() => drawn(page, 'main article'), { timeout: 15_000 }).toEqual(posts.map((p) => p.heroImageUrl));
      await page.goto(`/news/${posts[0]!.id}`);
      await expect.poll(() => drawn(page, 'main article'), { timeout: 15_000 }).toEqual([posts[0]!.heroImageUrl]);
      await page.close();
    }
  });
});
