import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { databaseKind, startTestApp } from '../../test/test-app.ts';
import { startInbox } from '../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../test/accounts.ts';

/**
 * Who may use each API route, in one table (issue 33 §1), walked for a guest, a reader, an author and an
 * admin. `everyone`: nobody is refused for who they are (a guest's writes stay in their browser);
 * `account`: a guest gets 401; `staff`: a guest 401, a reader 403, authors and admins pass (their
 * lessons); `admin`: a guest 401, readers and authors 403. A route the app registers without a row here
 * fails the test, and so does a row for a route that is gone.
 */
type Access = 'everyone' | 'account' | 'staff' | 'admin';

const ROUTES: Record<string, Access> = {
  // Scripture, search and study tools: public reads.
  'GET /api/bible/books': 'everyone',
  'GET /api/bible/available-books/:translation': 'everyone',
  'GET /api/bible/translations/grouped': 'everyone',
  'GET /api/bible/translations/all': 'everyone',
  'GET /api/bible/translations/:reference': 'everyone',
  'GET /api/bible/first-available/:translation': 'everyone',
  'GET /api/bible/download-size/:translation': 'everyone',
  'GET /api/bible/offline/:translation/:book': 'everyone',
  'GET /api/bible/content/:book/:chapter': 'everyone',
  'POST /api/bible/compare/:reference': 'everyone',
  'GET /api/search': 'everyone',
  'GET /api/study-tools/commentaries/:book/:chapter/:verse': 'everyone',
  'GET /api/study-tools/cross-references/:book/:chapter/:verse': 'everyone',
  'GET /api/study-tools/dictionary/entry/:key': 'everyone',
  'GET /api/study-tools/dictionary/:book/:chapter/:verse': 'everyone',
  'GET /api/study-tools/strongs/:number': 'everyone',
  'GET /api/study-tools/topics': 'everyone',
  'GET /api/study-tools/topics/:name': 'everyone',
  'GET /api/study-tools/topic-matches': 'everyone',
  'GET /api/health': 'everyone',
  'GET /api/ready': 'everyone',

  // The admin panel's own access check: staff see their role, others are told to sign in as staff.
  'GET /api/admin/status': 'staff',

  // A reader's own things; a guest keeps theirs in the browser and is answered as a guest.
  'PATCH /api/profile': 'account',
  'DELETE /api/profile/avatar': 'account',
  'PUT /api/profile/avatar': 'account',
  'GET /api/profile/avatar/:userId': 'everyone',
  'GET /api/settings': 'everyone',
  'POST /api/settings': 'account',
  'GET /api/highlights': 'everyone',
  'POST /api/highlights': 'everyone',
  'DELETE /api/highlights/:id': 'everyone',
  'GET /api/highlights/export': 'account',
  'GET /api/notes': 'everyone',
  'POST /api/notes': 'everyone',
  'PATCH /api/notes/:id': 'everyone',
  'DELETE /api/notes/:id': 'everyone',
  'GET /api/notes/export': 'account',
  'POST /api/study/import': 'everyone',
  'POST /api/guest-data/import': 'account',
  'GET /api/ai-responses/note/:noteId': 'everyone',
  'POST /api/ai-responses': 'everyone',
  'POST /api/ai/ask': 'everyone',
  'POST /api/ai/ask/stream': 'everyone',
  'GET /api/ai/passages': 'everyone',
  'GET /api/conversations': 'account',
  'GET /api/conversations/:id': 'everyone',
  'POST /api/conversations/:id/turns': 'everyone',
  'PATCH /api/conversations/:id': 'everyone',
  'DELETE /api/conversations/:id': 'everyone',
  'POST /api/personalization/track-question': 'everyone',
  'GET /api/personalization/questions': 'account',
  'PUT /api/personalization/questions/keep': 'everyone',
  'DELETE /api/personalization/questions': 'account',
  'POST /api/personalization/track-behavior': 'everyone',
  'POST /api/study-activity/track': 'everyone',
  'GET /api/study-activity/recent': 'account',
  'GET /api/plans': 'everyone',
  'GET /api/plans/mine': 'account',
  'POST /api/plans': 'everyone',
  'PUT /api/plans/:planId/readings/:position': 'everyone',
  'POST /api/plans/:planId/:action': 'everyone',
  'DELETE /api/plans/:planId': 'everyone',
  'POST /api/plans/import': 'everyone',
  'POST /api/track-chapter-progress': 'everyone',
  'GET /api/study-streak': 'account',
  'GET /api/study-stats': 'account',
  'GET /api/user-achievements': 'account',
  'GET /api/book-coverage/:book': 'account',
  'GET /api/rankings': 'everyone',
  'POST /api/progress/import': 'everyone',

  // Audio, pictures and sharing.
  'POST /api/bible/audio': 'everyone',
  'POST /api/verse/audio': 'everyone',
  'GET /api/verse-visualizations/:reference': 'everyone',
  'POST /api/verse-visualizations/generate': 'everyone',
  'GET /api/verse-visualizations/detail/:id': 'everyone',
  'POST /api/verse-visualizations/regenerate': 'everyone',
  'GET /api/verse-visualizations/picture/:id': 'everyone',
  'GET /api/gallery': 'everyone',
  'POST /api/gallery/generate': 'everyone',
  'GET /api/gallery/picture/:id': 'everyone',
  'GET /api/share-graphics/:id': 'everyone',
  'POST /api/pictures/:id/view': 'everyone',
  'POST /api/pictures/:id/report': 'everyone',
  'POST /api/shared-verses/generate-graphic': 'everyone',
  'POST /api/shared-verses': 'everyone',
  'GET /api/shared-verses': 'account',
  'POST /api/shared-verses/claim': 'everyone',
  'GET /api/shared-verses/:code': 'everyone',
  'DELETE /api/shared-verses/:code': 'everyone',

  // The day's prayer, lessons, news, the newsletter and contact.
  'POST /api/prayers/:prayerId/audio': 'everyone',
  'GET /api/prayers': 'everyone',
  'GET /api/prayers/:day': 'everyone',
  'GET /api/generated-images/prayer/:prayerId': 'everyone',
  'POST /api/generated-images/generate': 'everyone',
  'GET /api/homepage': 'everyone',
  'GET /api/bible-lessons/articles': 'everyone',
  'GET /api/bible-lessons': 'everyone',
  'GET /api/bible-lessons/articles/:slug': 'everyone',
  'GET /api/bible-lessons/authors/:slug': 'everyone',
  'GET /api/authors/:id': 'everyone',
  'GET /api/news': 'everyone',
  'GET /api/news/:id': 'everyone',
  'POST /api/newsletter/subscribe': 'everyone',
  'POST /api/newsletter/confirm': 'everyone',
  'POST /api/newsletter/unsubscribe': 'everyone',
  'POST /api/contact': 'everyone',

  // Authors write their own lessons (the service keeps them to their own); the list of authors they may write as.
  'GET /api/admin/lessons': 'staff',
  'GET /api/admin/lessons/:id': 'staff',
  'POST /api/admin/lessons': 'staff',
  'PUT /api/admin/lessons/:id': 'staff',
  'DELETE /api/admin/lessons/:id': 'staff',
  'POST /api/admin/lessons/preview': 'staff',
  'PUT /api/admin/lessons/:id/hero': 'staff',
  'DELETE /api/admin/lessons/:id/hero': 'staff',
  'GET /api/admin/authors': 'staff',

  // Everything else in the admin panel is for admins.
  'POST /api/admin/authors': 'admin',
  'PUT /api/admin/authors/:id': 'admin',
  'PUT /api/admin/authors/:id/picture': 'admin',
  'DELETE /api/admin/authors/:id/picture': 'admin',
  'GET /api/admin/ai-model': 'admin',
  'GET /api/admin/ai-model/curated': 'admin',
  'GET /api/admin/ai-model/servers': 'admin',
  'POST /api/admin/ai-model/download': 'admin',
  'POST /api/admin/ai-model/download/cancel': 'admin',
  'DELETE /api/admin/ai-model/models/:file': 'admin',
  'PUT /api/admin/ai-model/engine': 'admin',
  'GET /api/admin/moderation': 'admin',
  'PUT /api/admin/pictures/:id/hidden': 'admin',
  'DELETE /api/admin/pictures/:id': 'admin',
  'DELETE /api/admin/shared-verses/:code': 'admin',
  'GET /api/admin/prayers': 'admin',
  'PUT /api/admin/prayers/:day': 'admin',
  'GET /api/admin/news': 'admin',
  'GET /api/admin/news/:id': 'admin',
  'POST /api/admin/news': 'admin',
  'PUT /api/admin/news/:id': 'admin',
  'DELETE /api/admin/news/:id': 'admin',
  'GET /api/admin/newsletter': 'admin',
  'GET /api/admin/newsletter/preview': 'admin',
  'POST /api/admin/newsletter/send': 'admin',
  'GET /api/admin/contact': 'admin',
  'PUT /api/admin/contact/:id': 'admin',
  'GET /api/admin/mail': 'admin',
  'GET /api/admin/audit': 'admin',
  'GET /api/admin/diagnostics': 'admin',
  'GET /api/admin/overview': 'admin',
  'GET /api/admin/users': 'admin',
  'PUT /api/admin/users/:id': 'admin',
  'DELETE /api/admin/users/:id': 'admin',
  'POST /api/admin/engines/:engine/test': 'admin',
  'GET /api/admin/library/repositories': 'admin',
  'PUT /api/admin/library/repositories': 'admin',
  'POST /api/admin/library/refresh': 'admin',
  'GET /api/admin/library/modules': 'admin',
  'GET /api/admin/library/modules/:repository/:name': 'admin',
  'GET /api/admin/library/starter': 'admin',
  'POST /api/admin/library/starter': 'admin',
  'GET /api/admin/library/jobs': 'admin',
  'POST /api/admin/library/jobs': 'admin',
  'POST /api/admin/library/jobs/:id/cancel': 'admin',
};

/** better-auth's own routes, the staff sign-in before the gate, and signing out (it would end the walk's sessions). */
const OUTSIDE = /^\/api\/auth\/|^\/api\/admin\/sign-in$|^\/api\/logout$/;

type Role = 'guest' | 'reader' | 'author' | 'admin';
/** Who is turned away from a route, and with what. */
function refusal(access: Access, role: Role): 401 | 403 | null {
  if (access === 'everyone' || role === 'admin') return null;
  if (role === 'guest') return 401;
  if (access === 'account') return null;
  return access === 'admin' || role === 'reader' ? 403 : null;
}

describe(`who may use each API route: one table, walked as a guest, a reader, an author and an admin (${databaseKind()})`, () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  let as: Record<Role, Browser>;

  beforeAll(async () => {
    inbox = await startInbox();
    // The library's repositories are a closed port on this machine: an admin's walk starts nothing outside.
    app = await startTestApp({ env: { SMTP_URL: inbox.url, SWORD_REPOSITORIES: 'Nowhere=http://127.0.0.1:9/raw|http://127.0.0.1:9/packages' } });
    const account = async (email: string, ip: string, role?: 'author' | 'admin') => {
      const browser = await signUpVerified(app, inbox, email, undefined, ip);
      if (role) await app.database.db.update(users).set({ role }).where(eq(users.email, email));
      return browser;
    };
    as = {
      guest: new Browser(app, '10.33.0.1'),
      reader: await account('reader@example.org', '10.33.0.2'),
      author: await account('author@example.org', '10.33.0.3', 'author'),
      admin: await account('admin@example.org', '10.33.0.4', 'admin'),
    };
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  const registered = () => [
    ...new Set(
      app.routes
        .filter((r) => r.url.startsWith('/api/') && !OUTSIDE.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
        .map((r) => `${r.method} ${r.url}`),
    ),
  ];

  it('has a row for every route the app registers, and none for a route that is gone', () => {
    expect(registered().filter((route) => !(route in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((route) => !registered().includes(route))).toEqual([]);
  });

  it('turns each role away where the table says, and only there', async () => {
    const wrong: string[] = [];
    for (const route of registered().filter((r) => r in ROUTES)) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      const url = path.replace(/:[A-Za-z]+/g, 'x0');
      for (const role of ['guest', 'reader', 'author', 'admin'] as const) {
        const res = await as[role].request(method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
        const expected = refusal(ROUTES[route]!, role);
        const got = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : null;
        if (got !== expected) wrong.push(`${route} as ${role}: ${res.statusCode}, expected ${expected ?? 'not 401/403'}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
