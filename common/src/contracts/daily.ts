import { z } from 'zod';

export const PRAYER_SOURCES = ['editor', 'ai', 'scripture'] as const;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD.');

/** Spec §3 Homepage data's prayer {id, title, content, audioUrl}, with the day and where it came from. */
export const dailyPrayer = z.object({
  id: z.string(),
  day,
  title: z.string(),
  content: z.string(),
  /** The passage a prayer from Scripture is (its words are the store's), or the verse a drafted one was drawn from. */
  reference: z.string().nullable(),
  /** editor: written by a person; ai: drafted by the language model from the day's verse; scripture: a prayer Scripture prays. */
  source: z.enum(PRAYER_SOURCES),
  translation: z.string().nullable(),
  audioUrl: z.string().nullable(),
});
export type DailyPrayer = z.infer<typeof dailyPrayer>;

/** Spec §3 visualContemplation / prayerImage: the day's picture made from the prayer. */
export const prayerPicture = z.object({ prayerId: z.string(), imageUrl: z.string(), thumbnailUrl: z.string(), description: z.string() });
export type PrayerPicture = z.infer<typeof prayerPicture>;

/** GET /api/prayers/{day}: the archive, a day at a time, with the neighbouring days that have one. */
export const prayerDay = z.object({ day, prayer: dailyPrayer.nullable(), previous: day.nullable(), next: day.nullable(), today: day });
export type PrayerDay = z.infer<typeof prayerDay>;

export const prayerDayParams = z.object({ day });
export const generatePrayerImage = z.object({ prayerId: z.string().min(1).max(64) });
