import { useMemo } from 'react';
import type { BookEntry } from '#common/contracts/bible.ts';
import { PickerItem, PickerSection } from './PickerList.tsx';
import { PickerPopover } from './PickerPopover.tsx';
import { PickerFilter, usePickerFilter } from './PickerFilter.tsx';

const TESTAMENTS = [
  ['OT', 'Old Testament'],
  ['NT', 'New Testament'],
  ['DC', 'Deuterocanon'],
] as const;

/** Searchable book list by testament (spec §2 Reader header). */
export function BookPicker({ books, current, onSelect }: { books: readonly BookEntry[]; current: string; onSelect: (book: BookEntry) => void }) {
  const { open, setOpen, onOpenChange, filter, setFilter } = usePickerFilter();
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? books.filter((b) => b.name.toLowerCase().includes(f) || b.englishName.toLowerCase().includes(f) || b.id.toLowerCase() === f) : books;
  }, [books, filter]);
  const currentBook = books.find((b) => b.englishName === current);
  return (
    <PickerPopover label="Choose a book" prefix="Book: " value={currentBook?.englishName ?? current} shrink open={open} onOpenChange={onOpenChange}>
      <PickerFilter
        label="Find a book"
        placeholder="Find a book"
        value={filter}
        onChange={setFilter}
        onEnter={() => {
          if (!shown[0]) return;
          onSelect(shown[0]);
          setOpen(false);
        }}
      />
      <div className="-mx-2 overflow-y-auto px-2">
        {TESTAMENTS.map(([testament, title]) => {
          const list = shown.filter((b) => b.testament === testament);
          if (list.length === 0) return null;
          return (
            <PickerSection key={testament} title={title} columns={2}>
              {list.map((b) => (
                <PickerItem
                  key={b.id}
                  current={b.englishName === current}
                  onPick={() => {
                    onSelect(b);
                    setOpen(false);
                  }}
                >
                  {b.englishName}
                  {/* A passage is named in English everywhere (docs/web.md); the translation's own name is a hint. */}
                  {b.name !== b.englishName && <span className="block text-xs font-normal text-stone-600 dark:text-stone-400">{b.name}</span>}
                </PickerItem>
              ))}
            </PickerSection>
          );
        })}
        {shown.length === 0 && <p className="p-2 text-sm text-stone-600 dark:text-stone-400">No book matches “{filter}”.</p>}
      </div>
    </PickerPopover>
  );
}
