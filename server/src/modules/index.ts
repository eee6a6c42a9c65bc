import type { SelahModule } from '../lib/module/module.ts';

/**
 * Every server module, in the order they are set up: a module comes after those it `use`s. The request
 * hooks `auth` and `access` add (cross-site writes, the admin gate) run for every route, after those of
 * http/create-server.ts. `web` is last: its pages answer whatever no route does.
 *
 * Adding a module is adding its folder (with one `<name>.module.ts` exporting its `SelahModule`) and one line here.
 * The files are loaded by path, not imported: the type-check configs include every `*.module.ts`, so the
 * `Services` each declares are known wherever `use` is called.
 */
export const MODULE_FILES = [
  './bible/bible.module.ts',
  './search/search.module.ts',
  './auth/auth.module.ts',
  '../access/access.module.ts',
  './profile/profile.module.ts',
  './settings/settings.module.ts',
  './study/study.module.ts',
  './progress/study-days.module.ts',
  './ai-model/ai-model.module.ts',
  './study-tools/study-tools.module.ts',
  './ai/ai.module.ts',
  './personalization/personalization.module.ts',
  './activity/activity.module.ts',
  './plans/plans.module.ts',
  './progress/progress.module.ts',
  './media/media.module.ts',
  './health/health.module.ts',
  './audio/audio.module.ts',
  './pictures/pictures.module.ts',
  './daily/daily.module.ts',
  './home/home.module.ts',
  './lessons/lessons.module.ts',
  './news/news.module.ts',
  './hero-pictures/hero-pictures.module.ts',
  './newsletter/newsletter.module.ts',
  './contact/contact.module.ts',
  './admin/admin.module.ts',
  './library/library.module.ts',
  './content/content.module.ts',
  './web/web.module.ts',
] as const;

/** The module a wiring file exports (its one export with a `setup`). */
function moduleOf(file: string, exports: Record<string, unknown>): SelahModule {
  const found = Object.values(exports).filter((value): value is SelahModule => typeof (value as SelahModule | undefined)?.setup === 'function');
  if (found.length !== 1) throw new Error(`${file} must export exactly one module (it exports ${found.length}).`);
  return found[0]!;
}

/** Every module of MODULE_FILES, in order. */
export async function loadModules(): Promise<SelahModule[]> {
  return Promise.all(MODULE_FILES.map(async (file) => moduleOf(file, (await import(new URL(file, import.meta.url).href)) as Record<string, unknown>)));
}
