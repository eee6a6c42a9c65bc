// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTE_MAX_LENGTH } from '#common/study/rules.ts';
import { NoteComposer } from './NoteComposer.tsx';
import { NOTE_TABS } from './study-tabs.ts';

afterEach(cleanup);

const QUESTION = NOTE_TABS.find((t) => t.id === 'question')!;

/** The composer as the study panel holds it: the draft in state, saving from the outside. */
function Composer({ onSave, saving = false, disabledReason }: { onSave: () => void; saving?: boolean; disabledReason?: string }) {
  const [draft, setDraft] = useState('');
  return <NoteComposer tab={QUESTION} draft={draft} onDraft={setDraft} saving={saving} onSave={onSave} disabledReason={disabledReason} />;
}

const box = () => screen.getByRole('textbox', { name: 'Your question' }) as HTMLTextAreaElement;
const save = () => screen.getByRole('button', { name: 'Save Question' }) as HTMLButtonElement;

describe('the study panel’s note composer', () => {
  it('asks in the words of its tab, and counts the text against the limit', () => {
    render(<Composer onSave={() => {}} />);
    expect(box().placeholder).toBe('What do you wonder about here?');
    expect(box().maxLength).toBe(NOTE_MAX_LENGTH);
    fireEvent.change(box(), { target: { value: 'Who is the Word?' } });
    expect(screen.getByText('16 / 10,000')).toBeTruthy();
  });

  it('keeps Save disabled for a blank note, spaces only included (spec §5), and saves nothing then', () => {
    const onSave = vi.fn();
    render(<Composer onSave={onSave} />);
    expect(save().disabled).toBe(true);
    fireEvent.change(box(), { target: { value: '   \n ' } });
    expect(save().disabled).toBe(true);
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true });
    fireEvent.submit(box().form!);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves with the button or Ctrl/⌘+Enter, and not with Enter alone', () => {
    const onSave = vi.fn();
    render(<Composer onSave={onSave} />);
    fireEvent.change(box(), { target: { value: 'Who is the Word?' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(save());
    fireEvent.keyDown(box(), { key: 'Enter', metaKey: true });
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true });
    expect(onSave).toHaveBeenCalledTimes(3);
  });

  it('says why it cannot save instead of the count, and says when it is saving', () => {
    const { rerender } = render(<Composer onSave={() => {}} disabledReason="Sign in to keep notes across devices." />);
    fireEvent.change(box(), { target: { value: 'Who is the Word?' } });
    expect(screen.getByText('Sign in to keep notes across devices.')).toBeTruthy();
    expect(save().disabled).toBe(true);
    rerender(<Composer onSave={() => {}} saving />);
    expect((screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
