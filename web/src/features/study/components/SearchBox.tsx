import { Search } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';

/**
 * Search within a list: results follow the typing (after a short pause, so each key is not a
 * request) and Enter applies at once. Blank text clears the search (spec §5: blank is ignored).
 */
export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onSearch,
}: {
  id: string;
  label: string;
  placeholder: string;
  value?: string;
  onSearch: (q: string | undefined) => void;
}) {
  const [text, setText] = useState(value ?? '');
  // A new value from outside (back, a link) replaces what is typed: adjusted while rendering, as React advises.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value ?? '');
  }
  useEffect(() => {
    const next = text.trim() || undefined;
    if (next === value) return;
    const timer = setTimeout(() => onSearch(next), 350);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim() || undefined);
  };
  return (
    <form role="search" onSubmit={submit} className="col-span-2 flex flex-col gap-1 sm:col-span-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <span className="relative">
        <Search aria-hidden size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-stone-500 dark:text-stone-400" />
        <input
          id={id}
          type="search"
          className="input h-10 pl-10"
          placeholder={placeholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={200}
        />
      </span>
    </form>
  );
}
