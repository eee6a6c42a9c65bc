import { LazyPopover } from '../../../components/ui/lazy-popover.tsx';
import { NotebookPen } from 'lucide-react';
import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import type { VerseItem } from '#common/contracts/bible.ts';
import { cn } from '../../../lib/cn.ts';
import { chapterBlocks, type VerseSegment } from '../chapter-blocks.ts';
import type { FontSize } from '#common/study/rules.ts';
import { FONT_SIZE_CLASSES, LINE_SPACING_CLASSES, type LineSpacing } from './reading-type.ts';
import { HIGHLIGHT_CLASSES } from '../../study/components/highlight-colors.ts';

interface Props {
  verses: readonly VerseItem[];
  fontSize: FontSize;
  lineSpacing: LineSpacing;
  redLetters: boolean;
  selected: ReadonlySet<number>;
  /** Highlight colour of each highlighted verse. */
  highlighted: ReadonlyMap<number, keyof typeof HIGHLIGHT_CLASSES>;
  /** Verses with notes on them: a small mark after the verse number. */
  noted: ReadonlySet<number>;
  glowVerse?: number;
  /** The verse the chapter's audio is reading now. */
  readingVerse?: number;
  onVerse: (verse: number, at: { x: number; y: number }) => void;
  direction: 'ltr' | 'rtl';
}

const VERSE_NUMBER = 'font-sans text-[0.6em] font-semibold text-orange-800 select-none dark:text-orange-300';

/** The chapter, laid out as its source has it; each verse can be tapped to open the action menu. */
export const ChapterText = memo(function ChapterText({
  verses,
  fontSize,
  lineSpacing,
  redLetters,
  selected,
  highlighted,
  noted,
  glowVerse,
  readingVerse,
  onVerse,
  direction,
}: Props) {
  const blocks = chapterBlocks(verses);
  let footnote = 0;
  const segment = (s: VerseSegment, i: number, numberInline = true) => {
    const open = (e: MouseEvent | KeyboardEvent) => {
      if ((e.target as HTMLElement).closest('[data-footnote]')) return;
      const rect = (e.currentTarget as HTMLElement).getBoundingClientRect();
      const at = 'clientX' in e && e.clientX ? { x: e.clientX, y: e.clientY } : { x: rect.left + rect.width / 2, y: rect.bottom };
      onVerse(s.verse, at);
    };
    return (
      <span
        key={`${s.verse}-${i}`}
        data-verse={s.verse}
        id={s.first ? `v${s.verse}` : undefined}
        role={s.first ? 'button' : undefined}
        tabIndex={s.first ? 0 : undefined}
        aria-pressed={s.first ? selected.has(s.verse) : undefined}
        onClick={open}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            open(e);
          }
        }}
        className={cn(
          'cursor-pointer rounded-sm decoration-orange-700/60 decoration-2 underline-offset-4 hover:bg-stone-200/60 dark:hover:bg-stone-800/60',
          highlighted.has(s.verse) && HIGHLIGHT_CLASSES[highlighted.get(s.verse)!],
          selected.has(s.verse) && 'bg-orange-100 underline decoration-dotted dark:bg-orange-950/70',
          glowVerse === s.verse && 'verse-glow',
          readingVerse === s.verse && 'verse-reading',
        )}
        data-reading={readingVerse === s.verse && s.first ? '' : undefined}
      >
        {s.first && numberInline && (
          <sup className={cn(VERSE_NUMBER, 'mr-1')} aria-hidden>
            {s.verse}
          </sup>
        )}
        {s.first && noted.has(s.verse) && (
          <>
            <NotebookPen aria-hidden size="0.7em" className="mr-1 inline-block align-baseline text-orange-800 dark:text-orange-300" data-noted />
            <span className="sr-only">(has notes) </span>
          </>
        )}
        {s.nodes.map((n, j) =>
          n.type === 'note' ? (
            <Footnote key={j} label={footnoteLabel(footnote++)} text={n.text} kind={n.kind} />
          ) : (
            <span
              key={j}
              className={cn(
                n.supplied && 'italic',
                n.wordsOfJesus && redLetters && 'text-red-700 dark:text-red-400',
                n.divineName && 'small-caps [font-variant:small-caps]',
              )}
            >
              {n.text}
            </span>
          ),
        )}
      </span>
    );
  };

  return (
    <div dir={direction} className={cn('font-serif text-stone-900 dark:text-stone-300', FONT_SIZE_CLASSES[fontSize], LINE_SPACING_CLASSES[lineSpacing])}>
      {blocks.map((block, i) => {
        switch (block.kind) {
          case 'heading':
            return block.style === 'psalm' ? (
              <p key={i} className="mt-4 mb-2 text-[0.85em] text-stone-600 italic dark:text-stone-400">
                {block.text}
              </p>
            ) : (
              <h3 key={i} className="mt-6 mb-2 font-sans text-base font-semibold text-stone-700 dark:text-stone-300">
                {block.text}
              </h3>
            );
          case 'stanza':
            return <div key={i} className="h-3" aria-hidden />;
          case 'line':
            // A verse that begins the line puts its number in the gutter; one that begins within it keeps it inline.
            return (
              <div key={i} className="poetry-line" data-level={Math.min(block.indent, 3)}>
                {/* In poetry the number sits in a gutter of its own, so every line of a level starts at one edge. */}
                {block.segments[0]!.first && (
                  <span className="verse-gutter" aria-hidden>
                    <sup className={VERSE_NUMBER}>{block.segments[0]!.verse}</sup>
                  </span>
                )}
                {block.segments.map((s, j) => segment(s, j, j > 0))}
              </div>
            );
          default:
            return (
              <p key={i} className="mb-3 indent-0">
                {block.segments.map((s, j) => (
                  <span key={j}>{segment(s, j)} </span>
                ))}
              </p>
            );
        }
      })}
    </div>
  );
});

function footnoteLabel(n: number): string {
  return String.fromCharCode(97 + (n % 26)) + (n >= 26 ? String(Math.floor(n / 26)) : '');
}

function Footnote({ label, text, kind }: { label: string; text: string; kind: 'footnote' | 'crossref' }) {
  return (
    <LazyPopover
      trigger={{
        'data-footnote': true,
        className: 'mx-0.5 align-super font-sans text-[0.6em] font-semibold text-orange-800 underline dark:text-orange-300',
        'aria-label': kind === 'crossref' ? `Cross reference ${label}` : `Footnote ${label}`,
        onClick: (e) => e.stopPropagation(),
        children: label,
      }}
      content={{
        sideOffset: 6,
        className: 'popover max-w-xs p-3 font-sans text-sm leading-6',
        onClick: (e) => e.stopPropagation(),
        arrowClassName: 'fill-white dark:fill-stone-900',
      }}
    >
      <p className="mb-1 text-xs font-semibold text-stone-600 uppercase dark:text-stone-400">{kind === 'crossref' ? 'Cross reference' : 'Footnote'}</p>
      {text}
    </LazyPopover>
  );
}
