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
  });
});
