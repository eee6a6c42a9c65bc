/** The spec's translation categories (§3). */
export const TRANSLATION_CATEGORIES = ['Word-for-Word', 'Thought-for-Thought', 'Paraphrase', 'International'] as const;
export type TranslationCategory = (typeof TRANSLATION_CATEGORIES)[number];

/** Spec §3: translations to offer when none is available. */
export const FALLBACK_TRANSLATIONS = ['KJV', 'ESV', 'NIV', 'NKJV', 'NLT', 'NASB', 'RSV', 'WEB', 'YLT'] as const;

export const DEFAULT_TRANSLATION = 'KJV';
