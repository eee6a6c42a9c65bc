import { Field } from '../../../components/FormMessages.tsx';
import { useId, type ReactNode } from 'react';

/** A labelled filter: the label names the select by id, so its accessible name is the label alone. */
export function FilterSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <Field id={id} label={label}>
      <select id={id} className="input h-10" value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </Field>
  );
}
