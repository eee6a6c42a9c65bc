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

/** The admin panel's prayer calendar, and an editor's prayer for a day. */
export const prayerCalendar = z.array(z.object({ day, prayer: dailyPrayer.nullable() }));
export type PrayerCalendar = z.infer<typeof prayerCalendar>;
export const editorPrayer = z.object({
  title: z.string({ error: 'Give the prayer a title.' }).trim().min(1, 'Give the prayer a title.').max(120, 'A title can be at most 120 characters.'),
  content: z
    .string({ error: 'Write the prayer.' })
    .trim()
    .min(20, 'Write a prayer of at least 20 characters.')
    .max(4_000, 'A prayer can be at most 4,000 characters.'),
});
