import { useId } from 'react';
import { NOTE_MAX_LENGTH } from '#common/study/rules.ts';
import type { NoteTab } from './study-tabs.ts';

interface Props {
  tab: NoteTab;
  draft: string;
  onDraft: (text: string) => void;
  saving: boolean;
  onSave: () => void;
  /** Shown above the text area (the quoted verse on the Quote tab). */
  lead?: React.ReactNode;
  disabledReason?: string;
}

/** One note kind's text area and save button; save stays disabled when blank after trimming or while saving (§5). */
export function NoteComposer({ tab, draft, onDraft, saving, onSave, lead, disabledReason }: Props) {
  const id = useId();
  const blank = draft.trim() === '';
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!blank && !saving && !disabledReason) onSave();
      }}
    >
      {lead}
      <label htmlFor={id} className="block text-sm font-medium">
        {tab.prompt}
      </label>
      <textarea
        id={id}
        className="input min-h-32 resize-y font-serif leading-7"
        placeholder={tab.placeholder}
        value={draft}
        maxLength={NOTE_MAX_LENGTH}
        onChange={(e) => onDraft(e.target.value)}
        onKeyDown={(e) => {
          // Ctrl/⌘+Enter saves, as in most note apps.
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) e.currentTarget.form?.requestSubmit();
        }}
      />
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs text-stone-600 dark:text-stone-400">
          {disabledReason ?? `${draft.length.toLocaleString()} / ${NOTE_MAX_LENGTH.toLocaleString()}`}
        </p>
        <button type="submit" className="button-primary" disabled={blank || saving || Boolean(disabledReason)}>
          {saving ? 'Saving…' : tab.save}
        </button>
      </div>
    </form>
  );
}
