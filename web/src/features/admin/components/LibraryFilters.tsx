import { useEffect, useId, useState } from 'react';
import type { LICENCE_FILTERS, MODULE_KINDS, ModulesPage, RepositoryStatus } from '#common/contracts/library.ts';
import { countOf, en } from '#common/text/plural.ts';
import type { ModuleFilters } from '../api/library.ts';

export const KIND_LABELS: Record<(typeof MODULE_KINDS)[number], string> = {
  bible: 'Bibles',
  commentary: 'Commentaries',
  dictionary: 'Dictionaries and lexicons',
  'topical-index': 'Topical indexes',
  'general-book': 'General books',
};
const LICENCE_LABELS: Record<(typeof LICENCE_FILTERS)[number], string> = {
  redistributable: 'Free to share',
  'non-commercial': 'Non-commercial only',
  refused: 'Cannot be installed',
};
const INSTALLED_LABELS = { yes: 'Installed', no: 'Not installed' } as const;

/**
 * The language options: the server counts languages in the chosen repository only, so the chosen language
 * may be missing from another repository's list. It stays as an option with no modules, or the select would
 * show "Any" while the list is still narrowed to it; `chosenName` is its name as listed when it was chosen.
 */
function languageOptions(languages: ModulesPage['languages'], chosen: string | undefined, chosenName: string | undefined): ModulesPage['languages'] {
  if (!chosen || languages.some((l) => l.tag === chosen)) return languages;
  return [...languages, { tag: chosen, name: chosenName ?? chosen, count: 0 }];
}

// Long enough that a word is typed before the list is asked for, short enough to feel immediate.
const TYPING_PAUSE_MS = 300;

/** The Library's filters: each select narrows the list at once; the text waits for a pause in typing. */
export function LibraryFilters({
  filters,
  onChange,
  languages,
  repositories,
}: {
  filters: ModuleFilters;
  onChange: (filters: ModuleFilters) => void;
  languages: ModulesPage['languages'];
  repositories: RepositoryStatus[];
}) {
  const id = useId();
  const [text, setText] = useState(filters.q);
  const [languageName, setLanguageName] = useState<string>();
  useEffect(() => {
    if (text.trim() === filters.q) return;
    const timer = setTimeout(() => onChange({ ...filters, q: text.trim() }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, filters, onChange]);
  const set = <K extends keyof ModuleFilters>(key: K, value: string) => {
    if (key === 'language') setLanguageName(languages.find((l) => l.tag === value)?.name);
    onChange({ ...filters, [key]: value || undefined });
  };
  const select = (key: Exclude<keyof ModuleFilters, 'q'>, label: string, options: [string, string][]) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${key}`} className="text-sm font-medium">
        {label}
      </label>
      <select id={`${id}-${key}`} className="input" value={filters[key] ?? ''} onChange={(e) => set(key, e.target.value)}>
        <option value="">Any</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <div role="search" aria-label="Library modules" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <div className="flex flex-col gap-1 sm:col-span-2 lg:col-span-3">
        <label htmlFor={`${id}-q`} className="text-sm font-medium">
          Find by name or description
        </label>
        <input id={`${id}-q`} type="search" className="input" value={text} onChange={(e) => setText(e.target.value)} placeholder="e.g. KJV, Strong, Henry" />
      </div>
      {select('kind', 'Type', Object.entries(KIND_LABELS))}
      {select(
        'language',
        'Language',
        languageOptions(languages, filters.language, languageName).map((l) => [l.tag, `${l.name} (${countOf(l.count, en('module'))})`]),
      )}
      {select('licence', 'Licence', Object.entries(LICENCE_LABELS))}
      {select('installed', 'Installed', Object.entries(INSTALLED_LABELS))}
      {select(
        'repository',
        'Repository',
        repositories.map((r) => [r.name, r.name]),
      )}
    </div>
  );
}
