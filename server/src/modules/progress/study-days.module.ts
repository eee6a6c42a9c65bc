import type { SelahModule } from '../../lib/module/module.ts';
import { StudyDays } from './study-days.ts';
import { StudyDaysRepository } from './study-days.repository.ts';

declare module '../../lib/module/module.ts' {
  interface Services {
    studyDays: StudyDays;
  }
}

/** A person's study days: what they read, wrote and asked, by their own calendar (streaks, stats). */
export const studyDaysModule: SelahModule = {
  name: 'study-days',
  setup({ db, provide }) {
    provide('studyDays', new StudyDays(new StudyDaysRepository(db)));
  },
};
