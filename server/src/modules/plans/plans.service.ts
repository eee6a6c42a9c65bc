import type { JoinPlan, MyPlans, PlanStatus, PlansImport } from '#common/contracts/plans.ts';
import { PLANS_AT_ONCE } from '#common/contracts/plans.ts';
import { catchUp, chapterRead, fromBrowser, markReading, pausePlan, planStatus, resumePlan, type Enrolment } from '#common/plans/enrolment.ts';
import { CUSTOM_PLAN_MAX_DAYS, planCatalogue, type PlanChoice, type PlanId, type PlanInfo } from '#common/plans/plans.ts';
import { addDays, daysBetween, isDay } from '#common/progress/days.ts';
import { AppError, Invalid, NotFound } from '../../lib/errors.ts';
import { requireUser, type Viewer } from '../../access/viewer.ts';
import type { StudyDays } from '../progress/study-days.ts';
import type { PlanEnrolment, PlansRepository } from './plans.repository.ts';

const SIGN_IN = 'Sign in to follow a reading plan on your account; as a guest your plans stay in this browser.';

/**
 * Reading plans (the spec's /bible-plans): schedules are computed from the canon (common/plans), and
 * a person's place in each is kept here. A chapter the progress rules complete checks itself off.
 */
export class PlansService {
  constructor(
    private readonly repository: PlansRepository,
    private readonly days: StudyDays,
  ) {}

  catalogue(): PlanInfo[] {
    return planCatalogue();
  }

  async mine(viewer: Viewer): Promise<MyPlans> {
    const { userId } = requireUser(viewer, SIGN_IN);
    const today = await this.days.today(userId);
    return { plans: (await this.repository.list(userId)).map((e) => present(e, today)) };
  }

  async join(viewer: Viewer, input: JoinPlan): Promise<PlanStatus> {
    const { userId } = requireUser(viewer, SIGN_IN);
    const today = await this.days.today(userId);
    const already = await this.repository.get(userId, input.planId);
    if (!already && (await this.repository.count(userId)) >= PLANS_AT_ONCE) {
      throw new AppError(409, `You can follow at most ${PLANS_AT_ONCE} plans at once. Leave one to start another.`);
    }
    const enrolment: PlanEnrolment = { planId: input.planId, choice: choiceFor(input, today), startedOn: today, pausedOn: null, finishedOn: null, done: [] };
    await this.repository.save(userId, enrolment);
    return present(enrolment, today);
  }

  async mark(viewer: Viewer, planId: PlanId, position: number, done: boolean): Promise<PlanStatus> {
    return this.change(viewer, planId, (e, today) => {
      const changed = markReading(e, position, done, today);
      if (changed === e) throw new Invalid(`This plan has no reading ${position}.`);
      return changed;
    });
  }

  async act(viewer: Viewer, planId: PlanId, action: 'pause' | 'resume' | 'catch-up'): Promise<PlanStatus> {
    const step = { pause: pausePlan, resume: resumePlan, 'catch-up': catchUp }[action];
    return this.change(viewer, planId, (e, today) => step(e, today));
  }

  async leave(viewer: Viewer, planId: PlanId): Promise<void> {
    const { userId } = requireUser(viewer, SIGN_IN);
    if (!(await this.repository.remove(userId, planId))) throw new NotFound('You are not following this plan.');
  }

  /** Called when the progress rules complete a chapter: each plan with an unread place for it checks it off. */
  async chapterCompleted(userId: string, book: string, chapter: number): Promise<void> {
    const plans = await this.repository.list(userId);
    if (plans.length === 0) return;
    const today = await this.days.today(userId);
    for (const { planId } of plans) {
      await this.repository.change(userId, planId, (e) => {
        if (e.pausedOn) return null;
        const changed = chapterRead(e, book, chapter, today);
        return changed && { ...changed, planId };
      });
    }
  }

  /** A guest's plans from their browser; a plan the account already follows is left as the account has it. */
  async importGuest(viewer: Viewer, input: PlansImport): Promise<{ plans: number }> {
    const { userId } = requireUser(viewer, SIGN_IN);
    const today = await this.days.today(userId);
    let added = 0;
    for (const p of input.plans) {
      for (const d of [p.startedOn, p.pausedOn, p.finishedOn]) {
        if (d !== null && (!isDay(d) || d > addDays(today, 1))) throw new Invalid(`${d} is not a day that has been.`);
      }
      if (p.planId === 'custom' && !p.books) throw new Invalid('A custom plan needs its books.');
      const choice: PlanChoice = p.planId === 'custom' ? { id: 'custom', books: p.books!, days: p.days } : { id: p.planId };
      if ((await this.repository.count(userId)) >= PLANS_AT_ONCE) break;
      // Only places the plan has count as read, and it is finished only when they all are.
      const moved = fromBrowser({ choice, startedOn: p.startedOn, pausedOn: p.pausedOn, finishedOn: p.finishedOn, done: p.done }, today);
      if (await this.repository.addIfAbsent(userId, { ...moved, planId: p.planId })) added++;
    }
    return { plans: added };
  }

  private async change(viewer: Viewer, planId: PlanId, step: (e: Enrolment, today: string) => Enrolment): Promise<PlanStatus> {
    const { userId } = requireUser(viewer, SIGN_IN);
    const today = await this.days.today(userId);
    const changed = await this.repository.change(userId, planId, (e) => ({ ...step(e, today), planId }));
    if (!changed) throw new NotFound('You are not following this plan.');
    return present(changed, today);
  }
}

function choiceFor(input: JoinPlan, today: string): PlanChoice {
  if (input.planId !== 'custom') return { id: input.planId };
  const end = input.endDate!;
  if (!isDay(end)) throw new Invalid(`${end} is not a date.`);
  const days = daysBetween(today, end) + 1;
  if (days < 1) throw new Invalid('Choose an end date from today on.');
  if (days > CUSTOM_PLAN_MAX_DAYS) throw new Invalid('Choose an end date within ten years.');
  return { id: 'custom', books: input.books!, days };
}

function present(e: PlanEnrolment, today: string): PlanStatus {
  return { ...planStatus(e, today), books: e.choice.id === 'custom' ? [...e.choice.books] : null };
}
