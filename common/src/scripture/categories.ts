/** The spec's translation categories (§3). */
export const TRANSLATION_CATEGORIES = ['Word-for-Word', 'Thought-for-Thought', 'Paraphrase', 'International'] as const;
export type TranslationCategory = (typeof TRANSLATION_CATEGORIES)[number];

/** Spec §3: translations to offer when none is available. */
export const FALLBACK_TRANSLATIONS = ['KJV', 'ESV', 'NIV', 'NKJV', 'NLT', 'NASB', 'RSV', 'WEB', 'YLT'] as const;

export const DEFAULT_TRANSLATION = 'KJV';

/** Spec §2: what the 'Translation Not Available' card suggests first, where they have the chapter. */
export const UNAVAILABLE_SUGGESTIONS = ['KJV', 'ESV', 'NIV', 'BSB'] as const;

export const TRANSLATION_SOURCES = ['local', 'licensed'] as const;

/** Features a translation may have; a local text has them all. */
export const TRANSLATION_FEATURES = ['offline', 'search', 'ai', 'compare', 'audio', 'images', 'share'] as const;
export type TranslationFeature = (typeof TRANSLATION_FEATURES)[number];

/**
 * A licensed text is read through its licence holder's service: not offline, and not turned into
 * audio or pictures, which would be new works made from it (the terms allow showing and quoting it
 * with its copyright line, not derivatives). Searching (by the provider), comparing, the AI's
 * quotations (found in a local text, quoted and checked in the licensed one) and sharing a quoted
 * verse with its notice stay on.
 */
export const LICENSED_FEATURES: readonly TranslationFeature[] = ['search', 'ai', 'compare', 'share'];
