import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { planEnrolments } from '../../db/schema.ts';
import type { Enrolment } from '#common/plans/enrolment.ts';
import type { PlanChoice, PlanId } from '#common/plans/plans.ts';

export interface PlanEnrolment extends Enrolment {
  planId: PlanId;
}

type Row = typeof planEnrolments.$inferSelect;

function choiceOf(row: Pick<Row, 'planId' | 'books' | 'days'>): PlanChoice {
  return row.planId === 'custom' ? { id: 'custom', books: row.books ?? [], days: row.days ?? 1 } : { id: row.planId as Exclude<PlanId, 'custom'> };
}

const enrolmentOf = (row: Row): PlanEnrolment => ({
  planId: row.planId as PlanId,
  choice: choiceOf(row),
  startedOn: row.startedOn,
  pausedOn: row.pausedOn,
  finishedOn: row.finishedOn,
  done: row.done,
});

/** A place in a plan as its row's columns. */
const columnsOf = (e: PlanEnrolment) => ({
  books: e.choice.id === 'custom' ? [...e.choice.books] : null,
  days: e.choice.id === 'custom' ? e.choice.days : null,
  startedOn: e.startedOn,
  pausedOn: e.pausedOn,
  finishedOn: e.finishedOn,
  done: [...e.done],
});

/** SQL for the plans people follow: one row per person and plan. */
export class PlansRepository {
  constructor(private readonly db: Db) {}

  async list(userId: string): Promise<PlanEnrolment[]> {
    const rows = await this.db.select().from(planEnrolments).where(eq(planEnrolments.userId, userId)).orderBy(planEnrolments.startedOn);
    return rows.map(enrolmentOf);
  }

  async get(userId: string, planId: string): Promise<PlanEnrolment | undefined> {
    const [row] = await this.db
      .select()
      .from(planEnrolments)
      .where(and(eq(planEnrolments.userId, userId), eq(planEnrolments.planId, planId)));
    return row && enrolmentOf(row);
  }

  async count(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(planEnrolments)
      .where(eq(planEnrolments.userId, userId));
    return Number(row?.n ?? 0);
  }

  /**
   * Changes a person's place in a plan in one transaction, the row locked while it is read and
   * written: a chapter finished in the reader and a box ticked in another tab cannot undo each other.
   * Answers the plan as changed, or undefined when the person does not follow it.
   */
  async change(userId: string, planId: string, step: (e: PlanEnrolment) => PlanEnrolment | null): Promise<PlanEnrolment | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(planEnrolments)
        .where(and(eq(planEnrolments.userId, userId), eq(planEnrolments.planId, planId)))
        .for('update');
      if (!row) return undefined;
      const before = enrolmentOf(row);
      const after = step(before);
      if (!after) return before;
      await tx
        .update(planEnrolments)
        .set({ ...columnsOf(after), updatedAt: new Date() })
        .where(and(eq(planEnrolments.userId, userId), eq(planEnrolments.planId, planId)));
      return after;
    });
  }

  /** Saves a person's place in a plan (joining again starts it over). */
  async save(userId: string, e: PlanEnrolment): Promise<void> {
    const values = { ...columnsOf(e), updatedAt: new Date() };
    await this.db
      .insert(planEnrolments)
      .values({ userId, planId: e.planId, ...values })
      .onConflictDoUpdate({ target: [planEnrolments.userId, planEnrolments.planId], set: values });
  }

  /** Adds a guest's plan unless the account already follows that plan. */
  async addIfAbsent(userId: string, e: PlanEnrolment): Promise<boolean> {
    const added = await this.db
      .insert(planEnrolments)
      .values({ userId, planId: e.planId, ...columnsOf(e) })
      .onConflictDoNothing()
      .returning({ planId: planEnrolments.planId });
    return added.length > 0;
  }

  async remove(userId: string, planId: string): Promise<boolean> {
    const gone = await this.db
      .delete(planEnrolments)
      .where(and(eq(planEnrolments.userId, userId), eq(planEnrolments.planId, planId)))
      .returning({ planId: planEnrolments.planId });
    return gone.length > 0;
  }
}
