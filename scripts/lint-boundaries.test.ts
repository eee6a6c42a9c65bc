import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: ROOT });

/** The rules ESLint reports for `code` as if it were the file at `path`. */
async function problems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the import boundaries of docs/ (eslint.config.js)', () => {
  const forbidden: [file: string, code: string, says: RegExp][] = [
    ['common/src/study/x.ts', "import { buildApp } from '../../../server/src/app.ts';\nexport const a = buildApp;", /common\/ is shared/],
    ['web/src/features/reader/x.ts', "import { buildApp } from '../../../../server/src/app.ts';\nexport const a = buildApp;", /does not import the server/],
    ['web/src/features/reader/x.ts', "import { z } from 'zod';\nexport const a = z;", /ships no zod/],
    ['web/src/features/chat/x.ts', "import { askRequest } from '#common/contracts/ai.ts';\nexport const a = askRequest;", /only types from common\/contracts/],
    ['web/src/lib/x.ts', "import { ReaderPage } from '../features/reader/pages/ReaderPage.tsx';\nexport const a = ReaderPage;", /bottom layer/],
    [
      'web/src/features/reader/x.ts',
      "import { NotesPage } from '../study/pages/NotesPage.tsx';\nexport const a = NotesPage;",
      /through its api\/ or components\//,
    ],
    [
      'web/src/features/reader/pages/x.tsx',
      "import { chapterBlocks } from '../../home/chapter-blocks.ts';\nexport const a = chapterBlocks;",
      /through its api\/ or components\//,
    ],
    [
      'web/src/features/reader/pages/x.tsx',
      "import { useOnline } from '../../offline/hooks/use-online.ts';\nexport const a = useOnline;",
      /through its api\/ or components\//,
    ],
    ['web/src/features/reader/x.ts', "import { AppShell } from '../../app/shell/AppShell.tsx';\nexport const a = AppShell;", /used by the app/],
    [
      'server/src/modules/settings/x.ts',
      "import { StudyRepository } from '../study/study.repository.ts';\nexport const a = StudyRepository;",
      /through its service/,
    ],
    [
      'server/src/modules/study/x.routes.ts',
      "import { StudyRepository } from './study.repository.ts';\nexport const a = StudyRepository;",
      /Routes only map HTTP/,
    ],
    ['server/src/modules/study/x.service.ts', "import { eq } from 'drizzle-orm';\nexport const a = eq;", /Services hold rules/],
    ['server/src/http/x.ts', "import { StudyService } from '../modules/study/study.service.ts';\nexport const a = StudyService;", /Lower layers/],
    [
      'server/src/modules/study/study.module.ts',
      "import { bibleModule } from '../bible/bible.module.ts';\nexport const a = bibleModule;",
      /through the registry/,
    ],
    ['server/src/modules/study/study.module.ts', "import { MODULES } from '../index.ts';\nexport const a = MODULES;", /through the registry/],
    // A query anywhere but a repository (or db/) fails, whatever the file is called.
    ['server/src/modules/daily/x.ts', "import { eq } from 'drizzle-orm';\nexport const a = eq;", /Queries live in \*\.repository\.ts/],
    ['server/src/modules/daily/x.ts', "import { sql } from 'drizzle-orm/sql';\nexport const a = sql;", /Queries live in \*\.repository\.ts/],
    ['server/src/modules/daily/x.ts', "import type { Db } from '../../db/client.ts';\nexport type A = Db;", /Queries live in \*\.repository\.ts/],
    ['server/src/modules/daily/x.ts', "import { jobRuns } from '../../db/schema.ts';\nexport const a = jobRuns;", /Queries live in \*\.repository\.ts/],
    ['server/src/modules/auth/x.ts', "import { drizzleAdapter } from 'better-auth/adapters/drizzle';\nexport const a = drizzleAdapter;", /Queries live/],
    ['server/src/scripture/licensed/x.ts', "import { and } from 'drizzle-orm';\nexport const a = and;", /Queries live in \*\.repository\.ts/],
    ['server/src/lib/x.ts', "import pg from 'pg';\nexport const a = pg;", /Queries live in \*\.repository\.ts/],
    ['server/src/providers/x.ts', "import { PGlite } from '@electric-sql/pglite';\nexport const a = PGlite;", /Queries live in \*\.repository\.ts/],
    ['server/src/app.ts', "import { sql } from 'drizzle-orm';\nexport const a = sql;", /Queries live in \*\.repository\.ts/],
    ['server/src/modules/study/x.routes.ts', "import { eq } from 'drizzle-orm';\nexport const a = eq;", /Queries live|Routes only map HTTP/],
    // HTTP in a service or a module's helper fails, types included.
    ['server/src/modules/study/x.service.ts', "import type { FastifyRequest } from 'fastify';\nexport type A = FastifyRequest;", /Services hold rules/],
    ['server/src/modules/study/x.service.ts', "import type { IncomingMessage } from 'node:http';\nexport type A = IncomingMessage;", /Services hold rules/],
    [
      'server/src/modules/bible/x.service.ts',
      "import { sendPrepared } from '../../http/prepared-reply.ts';\nexport const a = sendPrepared;",
      /Services hold rules/,
    ],
    ['server/src/modules/daily/x.ts', "import type { FastifyBaseLogger } from 'fastify';\nexport type A = FastifyBaseLogger;", /HTTP is the routes/],
    ['server/src/modules/media/x.ts', "import fastifyStatic from '@fastify/static';\nexport const a = fastifyStatic;", /HTTP is the routes/],
    ['server/src/modules/study/x.repository.ts', "import type { FastifyRequest } from 'fastify';\nexport type A = FastifyRequest;", /HTTP is the routes/],
  ];

  it.each(forbidden)('refuses a forbidden import in %s', async (file, code, says) => {
    const found = await problems(file, code);
    expect(
      found.some((p) => p.startsWith('no-restricted-imports') && says.test(p)),
      found.join('\n'),
    ).toBe(true);
  });

  it('allows the imports the layers are made of', async () => {
    expect(await problems('web/src/features/reader/x.ts', "import { cn } from '../../lib/cn.ts';\nexport const a = cn;")).toEqual([]);
    expect(await problems('web/src/features/chat/x.ts', "import type { AskReply } from '#common/contracts/ai.ts';\nexport type A = AskReply;")).toEqual([]);
    expect(
      await problems('web/src/features/chat/x.ts', "import { SESSION_ENDED } from '#common/contracts/session.ts';\nexport const a = SESSION_ENDED;"),
    ).toEqual([]);
    const fromAPage = (spec: string) => problems('web/src/features/reader/pages/x.ts', `import { a as b } from '${spec}';\nexport const a = b;`);
    for (const spec of [
      '../../study/api/notes.ts',
      '../../study/components/StudyPanel.tsx',
      '../../study/store/guest-notes.ts',
      '../chapter-blocks.ts',
      '../components/ChapterText.tsx',
      '../../../lib/cn.ts',
    ])
      expect(await fromAPage(spec), spec).toEqual([]);
    expect(await problems('server/src/modules/study/x.service.ts', "import { Invalid } from '../../lib/errors.ts';\nexport const a = Invalid;")).toEqual([]);
    expect(
      await problems(
        'server/src/modules/study/study.module.ts',
        "import type { SelahModule } from '../../lib/module/module.ts';\nexport type A = SelahModule;",
      ),
    ).toEqual([]);
  });

  it('lets repositories and db/ hold the queries, and routes the HTTP', async () => {
    const queries =
      "import { eq } from 'drizzle-orm';\nimport type { Db } from '../../db/client.ts';\nimport { users } from '../../db/schema.ts';\nexport const a = [eq, users];\nexport type A = Db;";
    expect(await problems('server/src/modules/study/x.repository.ts', queries)).toEqual([]);
    expect(await problems('server/src/lib/quota/x.repository.ts', queries)).toEqual([]);
    expect(await problems('server/src/db/x.ts', "import { sql } from 'drizzle-orm';\nexport const a = sql;")).toEqual([]);
    // The composition root opens the database (and hands it to the repositories); it runs no query.
    expect(await problems('server/src/app.ts', "import { openDatabase } from './db/client.ts';\nexport const a = openDatabase;")).toEqual([]);
    // A module's wiring hands the database to its repositories, and registers its routes.
    const wiring = "import type { Db } from '../../db/client.ts';\nimport type { FastifyInstance } from 'fastify';\nexport type A = [Db, FastifyInstance];";
    expect(await problems('server/src/modules/study/study.module.ts', wiring)).toEqual([]);
    expect(await problems('server/src/modules/study/study.module.ts', "import { eq } from 'drizzle-orm';\nexport const a = eq;")).not.toEqual([]);
    expect(await problems('server/src/modules/study/x.routes.ts', "import type { FastifyInstance } from 'fastify';\nexport type A = FastifyInstance;")).toEqual(
      [],
    );
    expect(await problems('server/src/modules/study/x.api.test.ts', "import { sql } from 'drizzle-orm';\nexport const a = sql;")).toEqual([]);
  });
});

// Access (who is asking, staff roles, the audit log) sits below every feature module: docs/glossary.md.
describe('the access layer (eslint.config.js, "Access")', () => {
  it.each([
    ['server/src/access/x.ts', "import { AdminRepository } from '../modules/admin/admin.repository.ts';\nexport const a = AdminRepository;"],
    ['server/src/access/x.ts', "import { ADMINS_ONLY } from '../modules/auth/auth.service.ts';\nexport const a = ADMINS_ONLY;"],
    ['server/src/access/x.ts', "import { endSession } from '../modules/auth/better-auth.ts';\nexport const a = endSession;"],
    ['server/src/access/x.ts', "import { buildApp } from '../app.ts';\nexport const a = buildApp;"],
  ])('refuses a feature module or the app in %s: %s', async (file, code) => {
    const found = await problems(file, code);
    expect(
      found.some((p) => p.startsWith('no-restricted-imports') && /Access sits below the feature modules/.test(p)),
      found.join('\n'),
    ).toBe(true);
  });

  it('lets access use the layers below it, and the modules use access', async () => {
    expect(await problems('server/src/access/x.ts', "import { Forbidden } from '../lib/errors.ts';\nexport const a = Forbidden;")).toEqual([]);
    // Its repository holds its queries; its other files hold none, and see no HTTP unless they are about a request.
    expect(await problems('server/src/access/x.repository.ts', "import { auditLog } from '../db/schema.ts';\nexport const a = auditLog;")).toEqual([]);
    expect(await problems('server/src/access/x.ts', "import { auditLog } from '../db/schema.ts';\nexport const a = auditLog;")).not.toEqual([]);
    expect(await problems('server/src/access/x.ts', "import type { FastifyRequest } from 'fastify';\nexport type A = FastifyRequest;")).not.toEqual([]);
    expect(await problems('server/src/access/viewer.ts', "import type { FastifyRequest } from 'fastify';\nexport type A = FastifyRequest;")).toEqual([]);
    expect(
      await problems('server/src/modules/news/x.service.ts', "import { requireUser } from '../../access/viewer.ts';\nexport const a = requireUser;"),
    ).toEqual([]);
  });
});
