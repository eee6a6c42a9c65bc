import { BookOpenText, Columns3, Copy, Image as ImageIcon, NotebookPen, Quote, Share2, Sparkles, X, Headphones } from 'lucide-react';
import type { StudyTab } from '../../study/components/study-tabs.ts';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { toast, toastError } from '../../../components/ui/toast-store.ts';
import { menuPosition } from '../menu-position.ts';
import { HIGHLIGHT_CLASSES } from '../../study/components/highlight-colors.ts';
import { passageName } from '#common/scripture/passage-name.ts';
import type { StrongsWord } from '../strongs-words.ts';

interface Props {
  at: { x: number; y: number };
  book: string;
  chapter: number;
  translation: string;
  /** Selected verses with their text, in verse order. */
  verses: { verse: number; text: string }[];
  onClose: () => void;
  onCompare: () => void;
  /** Opens Scripture Insights on a tab for the selected verses. */
  onStudy: (tab: StudyTab) => void;
  /** Spec §2 'ask the AI' about the selected verses. */
  onAsk: () => void;
  /** Spec §2 verse menu 'listen': the selected verses read aloud. */
  onListen: () => void;
  /** Spec §2 verse menu 'visualize': the verse's picture gallery. */
  onVisualize: () => void;
  /** Spec §2 verse menu 'share': the share-verse dialog. */
  onShare: () => void;
  /** Colours to highlight with; 'Remove highlight' shows only when a selected verse is highlighted. */
  onHighlight: (color: 'yellow' | 'green' | 'blue' | 'pink') => void;
  onRemoveHighlight?: () => void;
  /** The one selected verse's words carrying Strong's numbers (issue 30 §3); none in a text without them. */
  words?: StrongsWord[];
  onWordStudy?: (word: StrongsWord) => void;
}

/**
 * Spec §2 verse action menu: at the tap, 15 px below (flipped above when needed), 10 px from the
 * edges, 320 wide; closes on an outside click, Escape or its close button. Tapping more verses adds
 * them to the selection and the actions apply to all of them.
 */
export function VerseActionMenu({
  at,
  book,
  chapter,
  translation,
  verses,
  onClose,
  onCompare,
  onStudy,
  onAsk,
  onListen,
  onVisualize,
  onShare,
  onHighlight,
  onRemoveHighlight,
  words = [],
  onWordStudy,
}: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<ReturnType<typeof menuPosition> | null>(null);
  const label = passageName({ book, chapter, verses: verses.map((v) => v.verse) });

  useLayoutEffect(() => {
    const place = () => setPosition(menuPosition(at, { height: ref.current?.offsetHeight ?? 200 }, { width: window.innerWidth, height: window.innerHeight }));
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [at, verses.length]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    const onPointer = (e: PointerEvent) => {
      const target = e.target as HTMLElement;
      // Taps on verses change the selection; taps anywhere else close the menu.
      if (ref.current?.contains(target) || target.closest('[data-verse]')) return;
      onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [onClose]);

  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('[data-first-action]')?.focus({ preventScroll: true });
  }, []);

  const copy = async () => {
    const text = verses.length === 1 ? `“${verses[0]!.text}”` : verses.map((v) => `${v.verse} ${v.text}`).join(' ');
    try {
      await navigator.clipboard.writeText(`${text}\n— ${label} (${translation})`);
      toast({ title: 'Verse copied to clipboard', duration: 2000 });
    } catch {
      toastError('Could not copy to the clipboard', 'Copy Failed', 3000);
    }
    onClose();
  };

  return createPortal(
    <div
      ref={ref}
      role="dialog"
      aria-label={`Actions for ${label}`}
      className="popover fixed z-40 p-3"
      style={{ left: position?.left ?? at.x, top: position?.top ?? at.y, width: position?.width ?? 320, visibility: position ? 'visible' : 'hidden' }}
      data-placement={position?.placement}
      data-testid="verse-menu"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <p className="font-semibold">
          {label} <span className="font-normal text-stone-600 dark:text-stone-400">{translation}</span>
        </p>
        <button type="button" className="icon-button -my-1.5 -mr-1.5" aria-label="Close verse actions" onClick={onClose}>
          <X aria-hidden size={18} />
        </button>
      </div>
      {verses.length > 1 && <p className="mb-2 text-xs text-stone-600 dark:text-stone-400">{verses.length} verses selected · tap more verses to add them</p>}
      <div className="mb-2 flex items-center gap-1" role="group" aria-label="Highlight">
        {(['yellow', 'green', 'blue', 'pink'] as const).map((color) => (
          <button
            key={color}
            type="button"
            aria-label={`Highlight ${color}`}
            title={`Highlight ${color}`}
            onClick={() => {
              onHighlight(color);
              onClose();
            }}
            className="group grid h-11 w-11 place-items-center rounded-full"
          >
            {/* The dot is 32 px; the button around it is the 44 px a finger needs. */}
            <span
              aria-hidden
              className={`h-8 w-8 rounded-full border border-stone-400 group-hover:scale-110 dark:border-stone-500 ${HIGHLIGHT_CLASSES[color]}`}
            />
          </button>
        ))}
        {onRemoveHighlight && (
          <button
            type="button"
            className="ml-auto min-h-11 rounded-md px-2 text-xs font-medium underline underline-offset-2 hover:bg-stone-100 dark:hover:bg-stone-800"
            onClick={() => {
              onRemoveHighlight();
              onClose();
            }}
          >
            Remove highlight
          </button>
        )}
      </div>
      <div className="grid grid-cols-4 gap-1">
        <MenuAction icon={<Quote aria-hidden size={20} />} label="Quote" onClick={() => onStudy('quote')} first />
        <MenuAction icon={<NotebookPen aria-hidden size={20} />} label="Note" onClick={() => onStudy('freeform')} />
        <MenuAction icon={<BookOpenText aria-hidden size={20} />} label="Study" onClick={() => onStudy('understand')} />
        <MenuAction icon={<Copy aria-hidden size={20} />} label="Copy" onClick={copy} />
        <MenuAction
          icon={<Columns3 aria-hidden size={20} />}
          label="Compare"
          onClick={() => {
            onCompare();
          }}
        />
        <MenuAction icon={<Share2 aria-hidden size={20} />} label="Share" onClick={onShare} />
        <MenuAction icon={<Headphones aria-hidden size={20} />} label="Listen" onClick={onListen} />
        <MenuAction icon={<ImageIcon aria-hidden size={20} />} label="Visualize" onClick={onVisualize} />
      </div>
      {words.length > 0 && onWordStudy && (
        <div className="mt-2 border-t border-stone-200 pt-2 dark:border-stone-700" role="group" aria-labelledby="word-study-heading">
          <p id="word-study-heading" className="mb-1 text-xs font-semibold text-stone-700 dark:text-stone-300">
            Word study
          </p>
          <div className="flex max-h-32 flex-wrap gap-1 overflow-y-auto">
            {words.map((w) => (
              <button
                key={`${w.text}|${w.number}`}
                type="button"
                aria-label={`Word study: ${w.text}, ${w.number}`}
                onClick={() => onWordStudy(w)}
                className="min-h-11 rounded-full border border-stone-300 px-2.5 text-sm hover:bg-stone-100 sm:min-h-8 dark:border-stone-600 dark:hover:bg-stone-800"
              >
                {w.text} <span className="text-xs text-stone-600 dark:text-stone-400">{w.number}</span>
              </button>
            ))}
          </div>
        </div>
      )}
      <button type="button" onClick={onAsk} className="button-secondary mt-2 w-full">
        <Sparkles aria-hidden size={18} /> Ask AI about {label}
      </button>
    </div>,
    document.body,
  );
}

function MenuAction({ icon, label, onClick, first }: { icon: React.ReactNode; label: string; onClick: () => void; first?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      data-first-action={first ? '' : undefined}
      className="flex flex-col items-center gap-1 rounded-lg px-2 py-2.5 text-xs font-medium hover:bg-stone-100 dark:hover:bg-stone-800"
    >
      {icon}
      {label}
    </button>
  );
}
