/**
 * A noun's forms for each plural category a language has (`Intl.PluralRules`): English needs `one`
 * and `other`; other languages add `few`, `many`, `two` or `zero`, and fall back to `other`.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rules = new Map<string, Intl.PluralRules>();
const numbers = new Map<string, Intl.NumberFormat>();

function cached<T>(map: Map<string, T>, locale: string, make: () => T): T {
  let value = map.get(locale);
  if (!value) map.set(locale, (value = make()));
  return value;
}

/** The form of the noun that goes with `n` in `locale` ("highlight" for 1, "highlights" for 0 or 2). */
export function pluralForm(n: number, forms: PluralForms, locale = 'en'): string {
  const category = cached(rules, locale, () => new Intl.PluralRules(locale)).select(n);
  return forms[category] ?? forms.other;
}

/** "1 highlight", "2 highlights", "1,234 highlights": the number as the locale writes it, and the noun that agrees. */
export function countOf(n: number, forms: PluralForms, locale = 'en'): string {
  return `${cached(numbers, locale, () => new Intl.NumberFormat(locale)).format(n)} ${pluralForm(n, forms, locale)}`;
}

/** English forms of a noun whose plural adds "s" ("day", "days"); irregular ones spell `other` out. */
export const en = (one: string, other = `${one}s`): PluralForms => ({ one, other });
