import { Search } from 'lucide-react';
import type { FormEvent } from 'react';

/** A search box with its button: the label is for assistive technology, the placeholder shows the way. */
export function SearchForm({
  id,
  label,
  placeholder,
  value,
  onChange,
  onSubmit,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form role="search" onSubmit={onSubmit} className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} className="input text-lg" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
      <button type="submit" className="button-primary px-5">
        <Search aria-hidden size={18} />
        <span className="sr-only sm:not-sr-only">Search</span>
      </button>
    </form>
  );
}
