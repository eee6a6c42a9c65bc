import { z } from 'zod';

/** Spec §7 GET /api/homepage. Prayer and visual contemplation arrive with the daily-content feature. */
export const homepage = z.object({
  verse: z
    .object({ verse: z.string(), reference: z.string(), book: z.string(), chapter: z.number().int(), verseNumber: z.number().int(), translation: z.string() })
    .nullable(),
  prayer: z.null(),
  prayerImage: z.null(),
  visualContemplation: z.null(),
});
export type HomepageData = z.infer<typeof homepage>;
