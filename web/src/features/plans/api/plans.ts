import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { JoinPlan, MyPlans, PlanInfo, PlanStatus, PlansImport } from '#common/contracts/plans.ts';
import type { PlanId } from '#common/plans/plans.ts';
import { apiGet, apiPost, apiRequest } from '../../../lib/api-client.ts';
import { currentUserQuery } from '../../auth/api/auth.ts';
import { guestToday } from '../../progress/store/guest-progress.ts';
import { useProgressOwner, type ProgressOwner } from '../../progress/api/stats.ts';
import { actOnGuestPlan, guestPlans, joinGuestPlan, leaveGuestPlan, markGuestReading, type PlanAction } from '../store/guest-plans.ts';

export type { PlanAction } from '../store/guest-plans.ts';

/**
 * Every plans query's key starts with this. A person's plans end with their owner ('guest' or the
 * account's id), as progress queries do, so a guest's plans kept in the cache never show as an account's.
 */
export const PLANS_KEY = ['plans'] as const;
const PROGRESS_KEY = ['progress'] as const;

/** The fixed plans on offer: public and the same for everyone, so kept as long as the server says (an hour). */
export const plansCatalogueQuery = queryOptions({
  queryKey: ['plans', 'catalogue'],
  queryFn: () => apiGet<{ plans: PlanInfo[] }>('/api/plans').then((r) => r.plans),
  staleTime: 60 * 60 * 1000,
});

// A guest's plans are read from this browser, cheap to read again; an account's change as chapters are
// read, and the reader invalidates them then, so a minute is only for a day turning over.
export const myPlansQuery = (owner: ProgressOwner) =>
  queryOptions({
    queryKey: ['plans', 'mine', owner],
    queryFn: async (): Promise<PlanStatus[]> => (owner === 'guest' ? guestPlans(guestToday()) : (await apiGet<MyPlans>('/api/plans/mine')).plans),
    staleTime: owner === 'guest' ? 0 : 60 * 1000,
  });

export const usePlansCatalogue = () => useQuery(plansCatalogueQuery);

/** The person's plans once it is known whose they are (undefined data until then). */
export function useMyPlans() {
  const owner = useProgressOwner();
  // Until the owner is known the query waits under a key of its own, which nothing ever fills.
  return useQuery({ ...myPlansQuery(owner ?? 'pending'), enabled: owner !== undefined });
}

/**
 * Whose plans a change is for, read when it is made rather than when the page drew: a call made before
 * the account has been asked for (another feature starting a plan as its page opens) waits for the answer.
 */
async function ownerNow(queryClient: QueryClient): Promise<ProgressOwner> {
  // A failed read of the account counts as a guest, as everywhere else in the app.
  const user = await queryClient.ensureQueryData(currentUserQuery).catch(() => null);
  return user ? user.id : 'guest';
}

const path = (planId: PlanId, rest = '') => `/api/plans/${encodeURIComponent(planId)}${rest}`;

/**
 * One change to a plan, for a guest (this browser) or an account (the server). The plan's new status goes
 * into the list at once, then plans and progress are read again: a finished plan is an achievement.
 */
function usePlanChange<V>(change: { account: (v: V) => Promise<PlanStatus>; guest: (v: V, today: string) => PlanStatus }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: V): Promise<PlanStatus> => {
      const owner = await ownerNow(queryClient);
      const status = owner === 'guest' ? change.guest(v, guestToday()) : await change.account(v);
      queryClient.setQueryData(myPlansQuery(owner).queryKey, (plans) => {
        if (!plans) return plans;
        const at = plans.findIndex((p) => p.plan.id === status.plan.id);
        return at < 0 ? [...plans, status] : plans.map((p, i) => (i === at ? status : p));
      });
      return status;
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: PLANS_KEY }), queryClient.invalidateQueries({ queryKey: PROGRESS_KEY })]),
  });
}

/** Starts a plan (a custom one with its books and end date); starting one already followed starts it again. */
export function useJoinPlan() {
  return usePlanChange<JoinPlan>({
    account: (join) => apiPost<PlanStatus>('/api/plans', join),
    guest: (join, today) => joinGuestPlan(join, today),
  });
}

export interface MarkReading {
  planId: PlanId;
  position: number;
  done: boolean;
}

/** Checks a reading off, or back on, by hand. */
export function useMarkReading() {
  return usePlanChange<MarkReading>({
    account: ({ planId, position, done }) => apiRequest<PlanStatus>('PUT', path(planId, `/readings/${position}`), { done }),
    guest: ({ planId, position, done }, today) => markGuestReading(planId, position, done, today),
  });
}

/** Pause, resume, or catch up (start the schedule again from the first day with anything unread). */
export function usePlanAction() {
  return usePlanChange<{ planId: PlanId; action: PlanAction }>({
    account: ({ planId, action }) => apiPost<PlanStatus>(path(planId, `/${action}`), {}),
    guest: ({ planId, action }, today) => actOnGuestPlan(planId, action, today),
  });
}

/** Leaves a plan: the place in it and what was checked off go with it. */
export function useLeavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (planId: PlanId): Promise<void> => {
      const owner = await ownerNow(queryClient);
      if (owner === 'guest') leaveGuestPlan(planId);
      else await apiRequest<void>('DELETE', path(planId));
      queryClient.setQueryData(myPlansQuery(owner).queryKey, (plans) => plans?.filter((p) => p.plan.id !== planId));
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: PLANS_KEY }), queryClient.invalidateQueries({ queryKey: PROGRESS_KEY })]),
  });
}

/** A guest's plans moved into the account that just signed in (how many it took; one it already follows stays as it is). */
export const importGuestPlans = (plans: PlansImport) => apiPost<{ plans: number }>('/api/plans/import', plans);
