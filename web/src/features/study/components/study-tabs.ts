import type { NoteType } from '../api/notes.ts';

export interface NoteTab {
  id: NoteType;
  label: string;
  save: string;
  /** What the text area asks for. */
  prompt: string;
  placeholder: string;
}

/** Spec §2 'Scripture Insights': four kinds of note, each with its own save button, then Mark. */
export const NOTE_TABS: readonly NoteTab[] = [
  { id: 'quote', label: 'Quote', save: 'Save Quote Note', prompt: 'Your reflection', placeholder: 'Why does this verse speak to you?' },
  {
    id: 'understand',
    label: 'Study',
    save: 'Save Understanding',
    prompt: 'What you understand',
    placeholder: 'What does this passage teach? Who is speaking, to whom, and why?',
  },
  { id: 'question', label: 'Ask', save: 'Save Question', prompt: 'Your question', placeholder: 'What do you wonder about here?' },
  { id: 'freeform', label: 'Notes', save: 'Save Note', prompt: 'Your note', placeholder: 'Anything you want to remember.' },
];

/** Issue 30 §3: the study tools after the spec's tabs, for the first verse the panel was opened on. */
export const TOOL_TABS = [
  { id: 'commentary', label: 'Commentary' },
  { id: 'cross-references', label: 'Cross references' },
  { id: 'dictionary', label: 'Dictionary' },
] as const;

export type StudyTab = NoteType | 'mark' | (typeof TOOL_TABS)[number]['id'];
