import type { QueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { toast, toastError } from '../../components/ui/toast-store.ts';
import { guestHighlights } from '../study/store/guest-highlights.ts';
import { guestAnswers } from '../study/store/guest-answers.ts';
import { guestNotes } from '../study/store/guest-notes.ts';
import { guestConversations } from '../chat/store/guest-conversations.ts';
import { CONVERSATIONS_KEY, moveGuestConversations } from '../chat/api/conversations.ts';
import { moveGuestData } from './api/guest-data.ts';
import { clearGuestProgress, guestProgressForImport } from '../progress/store/guest-progress.ts';
import { importGuestProgress, PROGRESS_KEY } from '../progress/api/progress-reports.ts';
import { clearGuestPlans, guestPlansForImport } from '../plans/store/guest-plans.ts';
import { importGuestPlans, PLANS_KEY } from '../plans/api/plans.ts';
import { moveGuestShares } from '../pictures/api/pictures.ts';
import { countOf, en } from '#common/text/plural.ts';

const GUEST_KEYS = [STORAGE_KEYS.guestHighlights, STORAGE_KEYS.guestNotes, STORAGE_KEYS.guestAiResponses];

/**
 * Moves what a guest kept in this browser (reading progress and plans, highlights, notes, AI answers, conversations,
 * shared verses) into the account that just signed in, then clears it from the browser. The server skips what it already has,
 * so a move cut short simply runs again on the next load: nothing lost, nothing doubled.
 */
export function moveGuestDataIntoAccount(queryClient: QueryClient): void {
  moveGuestProgress(queryClient);
  moveGuestPlans(queryClient);
  if (guestConversations.read().length > 0) {
    void moveGuestConversations()
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 409) toastError(errorMessage(error), 'Conversations not moved', 8000);
      })
      .finally(() => void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }));
  }
  // A share not moved stays in the browser (with its key) and is tried again on the next load.
  void Promise.all([moveStudy(queryClient), moveGuestShares(queryClient).catch(() => 0)]).then(([study, shares]) => {
    const counts = [countOf(study.highlights, en('highlight')), countOf(study.notes, en('note')), countOf(shares, en('shared verse'))];
    const moved = counts.filter((_, i) => [study.highlights, study.notes, shares][i]! > 0);
    if (moved.length > 0) {
      toast({ title: 'Saved to your account', description: `Moved ${new Intl.ListFormat('en').format(moved)} from this browser.`, duration: 4000 });
    }
  });
}

/** Highlights, notes and AI answers; answers how many highlights and notes the account took. */
async function moveStudy(queryClient: QueryClient): Promise<{ highlights: number; notes: number }> {
  const highlights = guestHighlights.read();
  const notes = guestNotes.read();
  const aiResponses = Object.values(guestAnswers.read());
  if (highlights.length + notes.length + aiResponses.length === 0) return { highlights: 0, notes: 0 };
  try {
    const moved = await moveGuestData({ highlights, notes, aiResponses });
    for (const key of GUEST_KEYS) storage.remove(key);
    void queryClient.invalidateQueries({ queryKey: ['highlights'] });
    void queryClient.invalidateQueries({ queryKey: ['notes'] });
    return moved;
  } catch (error) {
    // Kept in the browser and tried again on the next load; a full account is worth saying.
    if (error instanceof ApiError && error.status === 409) toastError(errorMessage(error), 'Not moved', 8000);
    return { highlights: 0, notes: 0 };
  }
}

/** The chapters and study days a guest kept here, into the account; their streak and achievements go with them. */
function moveGuestProgress(queryClient: QueryClient): void {
  const progress = guestProgressForImport();
  if (!progress) {
    // Nothing to move (at most earned achievements, which the account works out from what it holds).
    clearGuestProgress();
    return;
  }
  void importGuestProgress(progress)
    .then(() => {
      clearGuestProgress();
      void queryClient.invalidateQueries({ queryKey: PROGRESS_KEY });
    })
    .catch((error: unknown) => {
      // Refused as it stands, it would be refused on every load: let it go. Anything else is tried again next time.
      if (error instanceof ApiError && error.status === 400) clearGuestProgress();
    });
}

/** The reading plans a guest follows here, into the account; a plan the account already follows stays as the account has it. */
function moveGuestPlans(queryClient: QueryClient): void {
  const plans = guestPlansForImport();
  if (!plans) return;
  void importGuestPlans(plans)
    .then(() => {
      clearGuestPlans();
      void queryClient.invalidateQueries({ queryKey: PLANS_KEY });
      // A finished plan is an achievement.
      void queryClient.invalidateQueries({ queryKey: PROGRESS_KEY });
    })
    .catch((error: unknown) => {
      // As with progress: refused as it stands, it would be refused on every load.
      if (error instanceof ApiError && error.status === 400) clearGuestPlans();
    });
}
