import type { ReactNode } from 'react';

/** A form's outcome: the error as an alert, the success as a status, both announced when they appear. */
export function FormMessages({ error, notice, id }: { error: string | null; notice: string | null; id?: string }) {
  return (
    <>
      {error && (
        <p id={id} role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
          {notice}
        </p>
      )}
    </>
  );
}

/** A titled card of a settings-like page. */
export function Section({ title, id, children, tone = 'plain' }: { title: string; id: string; children: ReactNode; tone?: 'plain' | 'danger' }) {
  return (
    <section aria-labelledby={id} className={tone === 'danger' ? 'card border-red-300 dark:border-red-900' : 'card'}>
      <h2 id={id} className="mb-4 font-serif text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A control with its label above it (and any hint after it); the label names the control by its id. */
export function Field({ id, label, caps = false, children }: { id: string; label: ReactNode; caps?: boolean; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={caps ? 'text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400' : 'text-sm font-medium'}>
        {label}
      </label>
      {children}
    </div>
  );
}
