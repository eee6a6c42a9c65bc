import { z } from 'zod';
import { PROTESTANT_CANON } from '../scripture/canon.ts';
import { CUSTOM_PLAN_MAX_DAYS, PLAN_IDS } from '../plans/plans.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD.');
const bookNames = PROTESTANT_CANON.map((b) => b.name) as [string, ...string[]];

export const planId = z.enum(PLAN_IDS, { error: 'There is no such reading plan.' });

export const planInfo = z.object({
  id: planId,
  title: z.string(),
  description: z.string(),
  days: z.number().int(),
  chapters: z.number().int(),
  minutesPerDay: z.number().int(),
});
export type PlanInfo = z.infer<typeof planInfo>;

/** POST /api/plans: join a plan; a custom one names its books and the day to finish by. */
export const joinPlan = z
  .object({
    planId,
    books: z
      .array(z.enum(bookNames, { error: 'Choose books of the Bible.' }))
      .min(1, 'Choose at least one book.')
      .max(66)
      .optional(),
    endDate: day.optional(),
  })
  .refine((j) => j.planId !== 'custom' || (j.books && j.endDate), { message: 'A custom plan needs its books and an end date.' });
export type JoinPlan = z.infer<typeof joinPlan>;

const planReading = z.object({ book: z.string(), chapter: z.number().int(), position: z.number().int(), done: z.boolean() });
export type PlanReading = z.infer<typeof planReading>;

export const planStatus = z.object({
  plan: planInfo,
  /** For a custom plan: what it was made from, so it can be shown and moved. */
  books: z.array(z.string()).nullable(),
  startedOn: day,
  pausedOn: day.nullable(),
  finishedOn: day.nullable(),
  dayNumber: z.number().int(),
  today: z.array(planReading),
  behind: z.array(planReading),
  doneCount: z.number().int(),
  total: z.number().int(),
});
export type PlanStatus = z.infer<typeof planStatus>;
export const myPlans = z.object({ plans: z.array(planStatus) });
export type MyPlans = z.infer<typeof myPlans>;

/** PUT /api/plans/{planId}/readings/{position}: check a reading off, or back on, by hand. */
export const markReadingInput = z.object({ done: z.boolean({ error: 'Say whether it is read.' }) });
export const planAction = z.enum(['pause', 'resume', 'catch-up'], { error: "The action is 'pause', 'resume' or 'catch-up'." });

/** At most this many plans at once: a reading life, not a collection. */
export const PLANS_AT_ONCE = 10;

/** POST /api/plans/import: a guest's plans from their browser. */
export const plansImport = z.object({
  plans: z
    .array(
      z.object({
        planId,
        books: z.array(z.enum(bookNames)).min(1).max(66).nullable(),
        days: z.number().int().min(1).max(CUSTOM_PLAN_MAX_DAYS),
        startedOn: day,
        pausedOn: day.nullable(),
        finishedOn: day.nullable(),
        done: z.array(z.number().int().min(0).max(2_000)).max(2_000),
      }),
    )
    .max(PLANS_AT_ONCE, `At most ${PLANS_AT_ONCE} plans can be followed at once.`),
});
export type PlansImport = z.infer<typeof plansImport>;
