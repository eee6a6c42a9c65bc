import type { TranslationGroup } from '#common/contracts/bible.ts';

/** <option>s for a native translation select, grouped by language; just the current one while loading. */
export function TranslationOptions({ groups, current }: { groups: readonly TranslationGroup[] | undefined; current: string }) {
  if (!groups) return <option value={current}>{current}</option>;
  return (
    <>
      {groups.map((g) => (
        <optgroup key={g.languageName} label={g.languageName}>
          {g.translations.map((t) => (
            <option key={t.code} value={t.code}>
              {t.code} — {t.name}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
