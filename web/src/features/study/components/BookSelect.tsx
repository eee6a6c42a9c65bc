import { CANON } from '#common/scripture/canon.ts';
import { FilterSelect } from './FilterSelect.tsx';

const GROUPS = [
  { label: 'Old Testament', books: CANON.filter((b) => b.testament === 'OT') },
  { label: 'New Testament', books: CANON.filter((b) => b.testament === 'NT') },
  { label: 'Other books', books: CANON.filter((b) => b.testament === 'DC') },
];

/** Book filter: every book of the canon, as references name them ("Psalms 23:1" → Psalms). */
export function BookSelect({ value, onChange }: { value?: string; onChange: (book: string | undefined) => void }) {
  return (
    <FilterSelect label="Book" value={value ?? ''} onChange={(v) => onChange(v || undefined)}>
      <option value="">All books</option>
      {GROUPS.map((g) => (
        <optgroup key={g.label} label={g.label}>
          {g.books.map((b) => (
            <option key={b.usfm} value={b.name}>
              {b.name}
            </option>
          ))}
        </optgroup>
      ))}
    </FilterSelect>
  );
}
