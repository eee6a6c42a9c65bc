import type { SelahModule } from '../lib/module/module.ts';
import { activityModule } from './activity/activity.module.ts';
import { adminModule } from './admin/admin.module.ts';
import { accessModule } from '../access/access.module.ts';
import { aiModule } from './ai/ai.module.ts';
import { audioModule } from './audio/audio.module.ts';
import { authModule } from './auth/auth.module.ts';
import { bibleModule } from './bible/bible.module.ts';
import { contactModule } from './contact/contact.module.ts';
import { contentModule } from './content/content.module.ts';
import { dailyModule } from './daily/daily.module.ts';
import { heroPicturesModule } from './hero-pictures/hero-pictures.module.ts';
import { homeModule } from './home/home.module.ts';
import { lessonsModule } from './lessons/lessons.module.ts';
import { mediaModule } from './media/media.module.ts';
import { newsModule } from './news/news.module.ts';
import { newsletterModule } from './newsletter/newsletter.module.ts';
import { personalizationModule } from './personalization/personalization.module.ts';
import { picturesModule } from './pictures/pictures.module.ts';
import { plansModule } from './plans/plans.module.ts';
import { profileModule } from './profile/profile.module.ts';
import { progressModule } from './progress/progress.module.ts';
import { studyDaysModule } from './progress/study-days.module.ts';
import { searchModule } from './search/search.module.ts';
import { settingsModule } from './settings/settings.module.ts';
import { studyModule } from './study/study.module.ts';
import { webModule } from './web/web.module.ts';

/**
 * Every server module, in the order they are set up: a module comes after those it `use`s. The request
 * hooks `auth` and `access` add (cross-site writes, the admin gate) run for every route, after those of
 * http/create-server.ts. `web` is last: its pages answer whatever no route does.
 */
export const MODULES: readonly SelahModule[] = [
  bibleModule,
  searchModule,
  authModule,
  accessModule,
  profileModule,
  settingsModule,
  studyModule,
  studyDaysModule,
  aiModule,
  personalizationModule,
  activityModule,
  plansModule,
  progressModule,
  mediaModule,
  audioModule,
  picturesModule,
  dailyModule,
  homeModule,
  lessonsModule,
  newsModule,
  heroPicturesModule,
  newsletterModule,
  contactModule,
  adminModule,
  contentModule,
  webModule,
];
