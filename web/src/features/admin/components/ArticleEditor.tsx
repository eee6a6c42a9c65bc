import type { FormEvent, ReactNode } from 'react';
import { Field, FormMessages } from '../../../components/FormMessages.tsx';

/**
 * The form a lesson and a news post are written in: a heading with a way back, the title, what only
 * one kind asks for (`fields`), the Markdown body, then previews and publication (`children`), the
 * save and delete buttons. Each editor keeps its own state and requests; `ids` (from its `useId`)
 * names the inputs, so the editor's own fields share the prefix.
 */
export function ArticleEditor({
  ids,
  heading,
  back,
  title,
  onTitle,
  fields,
  body,
  onBody,
  bodyLabel,
  bodyClassName,
  children,
  error,
  saving,
  submitLabel,
  actions,
  remove,
  onSubmit,
}: {
  ids: string;
  heading: { level: 'h1' | 'h2'; text: string; className: string };
  back: ReactNode;
  title: string;
  onTitle: (title: string) => void;
  fields?: ReactNode;
  body: string;
  onBody: (body: string) => void;
  bodyLabel: string;
  bodyClassName: string;
  children: ReactNode;
  error: string | null;
  saving: boolean;
  submitLabel: string;
  actions?: ReactNode;
  /** Deleting, once the article exists: asks first, since it cannot be undone. */
  remove?: { label: string; title: string; busy: boolean; run: () => void };
  onSubmit: () => void;
}) {
  const Heading = heading.level;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-labelledby={`${ids}-heading`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={`${ids}-heading`} className={heading.className}>
          {heading.text}
        </Heading>
        {back}
      </div>
      <Field id={`${ids}-title`} label="Title">
        <input id={`${ids}-title`} className="input" required maxLength={160} value={title} onChange={(e) => onTitle(e.target.value)} />
      </Field>
      {fields}
      <Field id={`${ids}-body`} label={bodyLabel}>
        <textarea id={`${ids}-body`} className={bodyClassName} required value={body} onChange={(e) => onBody(e.target.value)} />
      </Field>
      {children}
      <FormMessages error={error} notice={null} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="button-primary" disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </button>
        {actions}
        {remove && (
          <button
            type="button"
            className="button-ghost text-red-800 dark:text-red-300"
            disabled={remove.busy}
            onClick={() => window.confirm(`Delete “${remove.title}”? This cannot be undone.`) && remove.run()}
          >
            {remove.label}
          </button>
        )}
      </div>
    </form>
  );
}
