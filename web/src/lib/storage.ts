/** Browser storage keys of spec §3, in one place. */
export const STORAGE_KEYS = {
  theme: 'theme',
  preferredTranslation: 'preferredTranslation',
  previousTranslation: 'previousTranslation',
  guestNotes: 'guestNotes',
  guestAiResponses: 'guestAiResponses',
  guestHighlights: 'guestHighlights',
  guestConversations: 'guestConversations',
  wordsOfJesusInRed: 'wordsOfJesusInRed',
  fontSize: 'fontSize',
  /** Ours, not the spec's: the reader's line spacing. */
  lineSpacing: 'lineSpacing',
  /** Ours: the verses a guest shared from this browser, with the keys that let them delete each. */
  guestSharedVerses: 'guestSharedVerses',
  /** Ours: a guest's reading progress, study days and achievements, moved into an account on sign-in. */
  guestProgress: 'guestProgress',
  /** Ours: a guest's reading minutes noted as a page closed, before the progress store had loaded. */
  guestPendingMinutes: 'guestPendingMinutes',
  /** Ours: the personalization test's last answers, so returning shows the last result. */
  personalizationAnswers: 'personalizationAnswers',
  /** Ours: the reading plans a guest follows in this browser, moved into an account on sign-in. */
  guestPlans: 'guestPlans',
  /** Ours: a signed-in person's note and highlight changes made offline, in order, until the server has them. */
  pendingStudyChanges: 'pendingStudyChanges',
  /** Ours: the order a reader put the study panel's commentaries in (module names, first first). */
  commentaryOrder: 'commentaryOrder',
} as const;

/** localStorage that never throws (private modes, quotas, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // nothing to do
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // storage full or disabled: the setting lasts for this page only
    }
  },
};
