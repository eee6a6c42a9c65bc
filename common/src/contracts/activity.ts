import { z } from 'zod';

// One report covers at most a chapter's worth of reading; larger numbers are a client bug or abuse.
const count = (max: number) => z.number().int().min(0).max(max).optional().default(0);

/** Spec §7 POST /api/study-activity/track (also sent by beacon on unload). */
export const activityReport = z
  .object({
    chaptersRead: count(10),
    minutesSpent: count(240),
    versesHighlighted: count(200),
    notesCreated: count(20),
  })
  .refine((r) => r.chaptersRead + r.minutesSpent + r.versesHighlighted + r.notesCreated > 0, { message: 'Nothing to record.' });
export type ActivityReport = z.infer<typeof activityReport>;

export const activityDay = z.object({
  day: z.string(),
  chaptersRead: z.number().int(),
  minutesSpent: z.number().int(),
  versesHighlighted: z.number().int(),
  notesCreated: z.number().int(),
});
export type ActivityDay = z.infer<typeof activityDay>;
