import { z } from 'zod';
import { dailyPrayer } from './daily.ts';

const picture = z.object({ imageUrl: z.string(), thumbnailUrl: z.string(), description: z.string() });

/** Spec §7 GET /api/homepage. */
export const homepage = z.object({
  verse: z
    .object({ verse: z.string(), reference: z.string(), book: z.string(), chapter: z.number().int(), verseNumber: z.number().int(), translation: z.string() })
    .nullable(),
  /** Today's prayer; null until the day's has been written (the card says there is none for today). */
  prayer: dailyPrayer.nullable(),
  /** The picture made from the prayer, once made; the spec names it twice, and both are the same picture. */
  prayerImage: picture.nullable(),
  visualContemplation: picture.nullable(),
});
export type HomepageData = z.infer<typeof homepage>;
