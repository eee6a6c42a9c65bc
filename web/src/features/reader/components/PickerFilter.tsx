import { useCallback, useState } from 'react';
import { useFocusOnOpen } from '../../../lib/hooks/use-focus-on-open.ts';

/** A picker's open state and its filter text, which empties when the picker closes. */
export function usePickerFilter() {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const onOpenChange = useCallback((next: boolean) => {
    setOpen(next);
    if (!next) setFilter('');
  }, []);
  return { open, setOpen, onOpenChange, filter, setFilter };
}

/** The filter box at the top of a picker: focused when it opens; Enter may pick the first match. */
export function PickerFilter({
  label,
  placeholder,
  value,
  onChange,
  onEnter,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onEnter?: () => void;
}) {
  const focusOnOpen = useFocusOnOpen<HTMLInputElement>();
  return (
    <input
      className="input mb-2"
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onEnter?.();
      }}
      ref={focusOnOpen}
    />
  );
}
