import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { BarChart3, ChevronLeft, ChevronRight, Images } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { chapterAfterBookChange, nextChapter, previousChapter, type ChapterPosition } from '#common/scripture/navigation.ts';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-client.ts';
import { chapterHead } from '../../../lib/page-head.ts';
import { toastError } from '../../../components/ui/toast-store.ts';
import { ThemeToggle } from '../../../components/ui/ThemeToggle.tsx';
import { MobileDrawer } from '../../navigation/components/SiteNavigation.tsx';
import { AccountSlot } from '../../auth/components/AccountSlot.tsx';
import { availableBooksQuery, chapterQuery } from '../../scripture/api/scripture.ts';
import { usePreferredTranslation } from '../../translations/store/preferred-translation.ts';
import { useChangeTranslation, useTranslationSummary } from '../../translations/api/use-translation.ts';
import { BookPicker } from '../components/BookPicker.tsx';
import { ChapterLink } from '../components/ChapterLink.tsx';
import { bookNamed } from '../components/ChapterNotFound.tsx';
import { ChapterBar } from '../components/ChapterBar.tsx';
import { ChapterPicker } from '../components/ChapterPicker.tsx';
import { passageName } from '#common/scripture/passage-name.ts';
import { cn } from '../../../lib/cn.ts';
import { TOOL_BUTTON, ToolLabel } from '../../../components/ui/ToolLabel.tsx';
import { ChapterText } from '../components/ChapterText.tsx';
import { NoScriptChapterIndex } from '../components/NoScriptChapterIndex.tsx';
import { DisplaySettings } from '../components/DisplaySettings.tsx';
import { TranslationPicker } from '../components/TranslationPicker.tsx';
import { VerseActionMenu } from '../components/VerseActionMenu.tsx';
import { strongsWords, type StrongsWord } from '../strongs-words.ts';
import { ChapterNotLoaded, ChapterSkeleton, CopyrightLine, ReaderMessage, TranslationNotAvailable } from '../components/ReaderStates.tsx';
import { useReaderSettings } from '../store/reader-settings.ts';
import { FONT_SIZE_CLASSES, READING_COLUMN } from '../components/reading-type.ts';
import { selectionReference, spanReference } from '#common/scripture/reference.ts';
import { useChapterHighlights } from '../../study/api/highlights.ts';
import { notedVerses, useChapterNotes } from '../../study/api/notes.ts';
import type { StudyTab } from '../../study/components/study-tabs.ts';
import { ListenButton } from '../../audio/components/ListenButton.tsx';
import { seekToVerse, useReadingVerse } from '../../audio/store/audio-store.ts';
import { useFollowReading } from '../hooks/use-follow-reading.ts';
import { useChapterProgress } from '../../progress/api/use-chapter-progress.ts';

// The study panel (and its tabs library) loads when someone first opens it.
const StudyPanel = lazy(() => import('../../study/components/StudyPanel.tsx'));
// The answer's Markdown renderer is large: it loads when someone first asks.
const AskDialog = lazy(() => import('../../chat/components/AskDialog.tsx'));
// Comparing is a choice made from the verse menu: its dialog loads then.
const WordStudyDialog = lazy(() => import('../../study/components/WordStudyDialog.tsx').then((m) => ({ default: m.WordStudyDialog })));
const CompareDialog = lazy(() => import('../components/CompareDialog.tsx').then((m) => ({ default: m.CompareDialog })));
const VerseAudioDialog = lazy(() => import('../../audio/components/VerseAudioDialog.tsx'));
// Pictures and sharing load when someone asks for them.
const VerseGalleryDialog = lazy(() => import('../../pictures/components/VerseGalleryDialog.tsx'));
const ShareVerseDialog = lazy(() => import('../../pictures/components/ShareVerseDialog.tsx'));
const ChapterIllustrationsDialog = lazy(() => import('../../pictures/components/ChapterIllustrationsDialog.tsx'));

export const VERSE_SCROLL_DELAY = 300;
export const VERSE_GLOW_MS = 2000;

interface Props {
  book: string;
  chapter: number;
  verse?: number;
  translation?: string;
}

/** A chapter that could not be fetched and is not kept on the device (issue 18): most often, no network. */
const NOT_KEPT_OFFLINE =
  'This chapter could not be reached, and it is not kept on this device: you may be offline. Chapters you have read before open without a connection.';

export function ReaderPage({ book, chapter, verse, translation: urlTranslation }: Props) {
  const preferred = usePreferredTranslation();
  const translation = urlTranslation || preferred;
  const navigate = useNavigate();
  const changeTranslation = useChangeTranslation();
  const { fontSize, redLetters, lineSpacing } = useReaderSettings();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const books = useQuery(availableBooksQuery(translation));
  const summary = useTranslationSummary(translation);
  const content = useQuery(chapterQuery(translation, book, chapter));
  const [selection, setSelection] = useState<{ verses: number[]; at: { x: number; y: number } } | null>(null);
  const [comparing, setComparing] = useState<{ reference: string; label: string } | null>(null);
  const [wordStudy, setWordStudy] = useState<StrongsWord | null>(null);
  const [studying, setStudying] = useState<{ tab: StudyTab; verses: number[] } | null>(null);
  const [asking, setAsking] = useState<{ reference: string; text: string } | null>(null);
  const [listening, setListening] = useState<{ reference: string; text: string } | null>(null);
  const [picturing, setPicturing] = useState<{ kind: 'visualize' | 'share'; reference: string; text: string } | null>(null);
  const [illustrating, setIllustrating] = useState(false);
  const [glow, setGlow] = useState<number | undefined>();
  const highlights = useChapterHighlights(content.data?.book ?? book, chapter);
  const chapterNotes = useChapterNotes(content.data?.book ?? book, chapter);
  const noted = useMemo(
    () => notedVerses(chapterNotes.notes, `${content.data?.book ?? book} ${chapter}`),
    [chapterNotes.notes, content.data?.book, book, chapter],
  );
  const highlighted = useMemo(() => new Map([...highlights.byVerse].map(([v, h]) => [v, h.color])), [highlights.byVerse]);

  const navBooks = useMemo(() => (books.data ?? []).map((b) => ({ name: b.englishName, chapters: b.chapters })), [books.data]);
  const bookName = content.data?.book ?? book;
  const position: ChapterPosition = { book: bookName, chapter };
  const previous = navBooks.length ? previousChapter(position, navBooks) : null;
  const next = navBooks.length ? nextChapter(position, navBooks) : null;
  const currentBook = books.data?.find((b) => b.englishName === bookName);

  const clearSelection = useCallback(() => setSelection(null), []);
  const go = useCallback(
    (to: { book: string; chapter: number; verse?: number }) => {
      setSelection(null);
      void navigate({ to: '/bible', search: { book: to.book, chapter: to.chapter, verse: to.verse, translation: urlTranslation } });
    },
    [navigate, urlTranslation],
  );

  // The route's head names the chapter as the server rendered it; the browser's preferred translation may differ.
  useEffect(() => {
    if (content.data) document.title = chapterHead({ book, chapter, verse }, content.data).title;
  }, [book, chapter, verse, content.data]);

  // ← and → change chapter, unless the reader is typing or a dialog is open.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || comparing || studying) return;
      const target = e.target as HTMLElement;
      if (target.closest('input, textarea, select, [contenteditable], [role="dialog"], [role="listbox"]')) return;
      if (e.key === 'ArrowLeft' && previous) go(previous);
      if (e.key === 'ArrowRight' && next) go(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [previous, next, go, comparing, studying]);

  // A verse in the URL: scroll to it after 300 ms and let it glow for 2 s (spec §4, §9).
  useEffect(() => {
    if (!verse || !content.data?.verses.length) return;
    const scroll = setTimeout(() => {
      document.getElementById(`v${verse}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      setGlow(verse);
    }, VERSE_SCROLL_DELAY);
    const clear = setTimeout(() => setGlow(undefined), VERSE_SCROLL_DELAY + VERSE_GLOW_MS);
    return () => {
      clearTimeout(scroll);
      clearTimeout(clear);
    };
  }, [verse, content.data]);

  // Spec §8: a failed chapter load, or a chapter the translation lacks, is followed by a toast.
  const unavailable = content.data?.redirect === true || content.data?.error === true;
  useEffect(() => {
    if (content.isError || unavailable) toastError('Please try again or select a different passage.', 'Error loading Bible content');
  }, [content.isError, unavailable]);

  // While this chapter's audio plays, the verse being read is marked and kept in view; a tapped verse is
  // where the reading goes on from.
  const readingVerse = useReadingVerse({ book: bookName, chapter, translation });
  const listen =
    content.data && !content.data.redirect ? { book: bookName, chapter, translation, text: content.data.verses.map((v) => v.text).join(' ') } : undefined;
  useFollowReading(readingVerse);
  const onVerse = useCallback(
    (v: number, at: { x: number; y: number }) => {
      if (seekToVerse(v, { book: bookName, chapter, translation })) return;
      setSelection((s) => {
        if (!s) return { verses: [v], at };
        const verses = s.verses.includes(v) ? s.verses.filter((x) => x !== v) : [...s.verses, v];
        return verses.length ? { verses, at } : null;
      });
    },
    [bookName, chapter, translation],
  );
  const selectedSet = useMemo(() => new Set(selection?.verses ?? []), [selection]);

  // Reading progress (spec §4) follows the verses on screen, and only when the chapter's text is shown.
  const article = useRef<HTMLElement>(null);
  const shownVerses = useMemo(
    () => (content.data && !content.data.redirect && !content.data.error ? content.data.verses.map((v) => v.verse) : []),
    [content.data],
  );
  useChapterProgress({ book: bookName, chapter, translation, verses: shownVerses, container: article });

  let body;
  if (books.isPending) body = <ReaderMessage busy>Loading Bible content...</ReaderMessage>;
  else if (books.data?.length === 0) body = <ReaderMessage>Select a Bible passage to read</ReaderMessage>;
  else if (content.isPending) body = <ChapterSkeleton />;
  else if (content.isError) {
    const error = content.error;
    // A chapter past the book's end, found once the page was open (the route makes a 404 of it otherwise).
    const named = error instanceof ApiError && error.status === 404 && books.data ? bookNamed(books.data, book) : undefined;
    const last = named?.chapters.at(-1);
    body = (
      <ReaderMessage>
        {error.message === NETWORK_ERROR
          ? NOT_KEPT_OFFLINE
          : (error instanceof ApiError && error.serverMessage) || `Content not available in ${translation} translation. Please try a different translation.`}
        {named && last !== undefined && (
          <ChapterLink to={{ book: named.englishName, chapter: last }} translation={urlTranslation} className="button-primary mt-4" onFollow={clearSelection}>
            Read {passageName({ book: named.englishName, chapter: last })}, its last chapter
          </ChapterLink>
        )}
      </ReaderMessage>
    );
  } else if (content.data.redirect) body = <TranslationNotAvailable content={content.data} onTranslation={(code) => void changeTranslation(code)} onGo={go} />;
  else if (content.data.error)
    body = <ChapterNotLoaded content={content.data} onRetry={() => void content.refetch()} onTranslation={(code) => void changeTranslation(code)} />;
  else if (content.data.verses.length === 0) body = <ReaderMessage>No content available for this selection</ReaderMessage>;
  else
    body = (
      <>
        <ChapterText
          verses={content.data.verses}
          fontSize={fontSize}
          lineSpacing={lineSpacing}
          redLetters={redLetters}
          selected={selectedSet}
          highlighted={highlighted}
          noted={noted}
          glowVerse={glow}
          readingVerse={readingVerse}
          onVerse={onVerse}
          direction={content.data.direction}
        />
        <CopyrightLine content={content.data} />
      </>
    );

  const selectedVerses = selection && content.data ? content.data.verses.filter((v) => selectedSet.has(v.verse)) : [];
  const verseTexts = selectedVerses.map((v) => ({ verse: v.verse, text: v.text }));
  // A picture or a shared verse holds one run of verses: from the first selected to the last.
  const pictureSelection = (kind: 'visualize' | 'share') => {
    if (!selection || !content.data) return;
    const first = Math.min(...selection.verses);
    const last = Math.max(...selection.verses);
    const span = content.data.verses.filter((v) => v.verse >= first && v.verse <= last);
    setPicturing({ kind, reference: spanReference(bookName, chapter, selection.verses), text: span.map((v) => v.text).join(' ') });
    setSelection(null);
  };
  const selectedHighlights = selectedVerses.map((v) => highlights.byVerse.get(v.verse)).filter((h) => h !== undefined);

  return (
    <div className="pb-28">
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-stone-50/95 backdrop-blur dark:border-stone-800 dark:bg-stone-950/95">
        <div className="mx-auto flex max-w-4xl items-center gap-0.5 px-1 py-1.5 sm:gap-1 sm:px-4 xl:max-w-5xl">
          <div className="md:hidden">
            <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
          </div>
          {books.data && (
            <BookPicker
              books={books.data}
              current={bookName}
              onSelect={(b) => go({ book: b.englishName, chapter: chapterAfterBookChange({ name: b.englishName, chapters: b.chapters }) ?? 1 })}
            />
          )}
          {currentBook && <ChapterPicker chapters={currentBook.chapters} current={chapter} onSelect={(c) => go({ book: bookName, chapter: c })} />}
          <div className="hidden items-center sm:flex">
            <ChapterLink to={previous} translation={urlTranslation} className="icon-button" label="Previous chapter" onFollow={clearSelection}>
              <ChevronLeft aria-hidden size={20} />
            </ChapterLink>
            <ChapterLink to={next} translation={urlTranslation} className="icon-button" label="Next chapter" onFollow={clearSelection}>
              <ChevronRight aria-hidden size={20} />
            </ChapterLink>
          </div>
          <TranslationPicker current={translation} onSelect={(code) => void changeTranslation(code)} />
          <div className="ml-auto flex shrink-0 items-center">
            {/* In the header from the small-tablet width up; on phones, in the floating bar (the header is full). */}
            {listen && <ListenButton {...listen} className="hidden sm:inline-flex" />}
            {listen && (
              <button
                type="button"
                className={cn(TOOL_BUTTON, 'hidden sm:inline-flex')}
                aria-label={`Visualize ${passageName({ book: bookName, chapter })}`}
                onClick={() => setIllustrating(true)}
              >
                <Images aria-hidden size={20} />
                <ToolLabel>Visualize</ToolLabel>
              </button>
            )}
            <DisplaySettings translation={translation} textHasRedLetters={summary?.redLetters !== false} />
            <Link to="/achievements" className={cn(TOOL_BUTTON, 'hidden no-underline sm:inline-flex')} aria-label="My Stats">
              <BarChart3 aria-hidden size={20} />
              <ToolLabel>My Stats</ToolLabel>
            </Link>
            <AccountSlot guest={<ThemeToggle />} />
          </div>
        </div>
      </header>

      {/* The article takes the reading size so its column is measured in the text's own ems. */}
      <article ref={article} className={cn('mx-auto px-4 pt-6 sm:px-8', FONT_SIZE_CLASSES[fontSize], READING_COLUMN)} aria-busy={content.isFetching}>
        <h1 className="mb-5 font-serif text-3xl font-semibold tracking-tight">
          {passageName({ book: bookName, chapter })}
          {/* Read aloud as "John 3, KJV", not "John 3KJV". */}
          <span className="sr-only">, </span>
          <span className="ml-2 align-middle font-sans text-sm font-medium text-stone-600 dark:text-stone-400">{translation}</span>
        </h1>
        {body}
      </article>
      {books.data && <NoScriptChapterIndex books={books.data} current={currentBook} translation={urlTranslation} />}

      <ChapterBar
        previous={previous}
        next={next}
        translation={urlTranslation}
        onFollow={clearSelection}
        onStudy={() => setStudying({ tab: 'freeform', verses: [] })}
        revealOn={selection}
        phoneExtra={
          listen && (
            <>
              <ListenButton {...listen} />
              <button
                type="button"
                className="icon-button"
                aria-label={`Visualize ${passageName({ book: bookName, chapter })}`}
                title="Visualize"
                onClick={() => setIllustrating(true)}
              >
                <Images aria-hidden size={20} />
              </button>
            </>
          )
        }
      />

      {selection && verseTexts.length > 0 && (
        <VerseActionMenu
          at={selection.at}
          book={bookName}
          chapter={chapter}
          translation={translation}
          verses={verseTexts}
          words={selectedVerses.length === 1 ? strongsWords(selectedVerses[0]!.content) : []}
          onWordStudy={(word) => {
            setWordStudy(word);
            setSelection(null);
          }}
          onClose={() => setSelection(null)}
          onHighlight={(color) => void highlights.add(selectedVerses, color)}
          onRemoveHighlight={selectedHighlights.length ? () => void highlights.remove(selectedHighlights) : undefined}
          onStudy={(tab) => {
            setStudying({ tab, verses: [...selection.verses].sort((a, b) => a - b) });
            setSelection(null);
          }}
          onAsk={() => {
            setAsking({ reference: selectionReference(bookName, chapter, selection.verses, '-'), text: verseTexts.map((v) => v.text).join(' ') });
            setSelection(null);
          }}
          onCompare={() => {
            setComparing({
              reference: spanReference(bookName, chapter, selection.verses),
              label: passageName({ book: bookName, chapter, verses: selection.verses }),
            });
            setSelection(null);
          }}
          onVisualize={() => pictureSelection('visualize')}
          onShare={() => pictureSelection('share')}
          onListen={() => {
            setListening({ reference: selectionReference(bookName, chapter, selection.verses, '-'), text: verseTexts.map((v) => v.text).join(' ') });
            setSelection(null);
          }}
        />
      )}
      {asking && (
        <Suspense fallback={null}>
          <AskDialog reference={asking.reference} text={asking.text} translation={translation} onClose={() => setAsking(null)} />
        </Suspense>
      )}
      {studying && content.data && (
        <Suspense fallback={null}>
          <StudyPanel
            book={bookName}
            chapter={chapter}
            translation={translation}
            chapterVerses={content.data.verses}
            verses={studying.verses}
            tab={studying.tab}
            highlights={[...highlights.byVerse.values()]}
            onRemoveHighlight={(h) => void highlights.remove([h])}
            onGoToVerse={(v) => {
              setStudying(null);
              go({ book: bookName, chapter, verse: v });
            }}
            onClose={() => setStudying(null)}
          />
        </Suspense>
      )}
      {listening && (
        <Suspense fallback={null}>
          <VerseAudioDialog reference={listening.reference} text={listening.text} translation={translation} onClose={() => setListening(null)} />
        </Suspense>
      )}
      {picturing && (
        <Suspense fallback={null}>
          {picturing.kind === 'visualize' ? (
            <VerseGalleryDialog reference={picturing.reference} verseText={picturing.text} translation={translation} onClose={() => setPicturing(null)} />
          ) : (
            <ShareVerseDialog reference={picturing.reference} verseText={picturing.text} translation={translation} onClose={() => setPicturing(null)} />
          )}
        </Suspense>
      )}
      {illustrating && listen && (
        <Suspense fallback={null}>
          <ChapterIllustrationsDialog
            reference={`${bookName} ${chapter}`}
            label={passageName({ book: bookName, chapter })}
            text={listen.text}
            translation={translation}
            onClose={() => setIllustrating(false)}
          />
        </Suspense>
      )}
      {wordStudy && (
        <Suspense fallback={null}>
          <WordStudyDialog number={wordStudy.number} word={wordStudy.text} translation={translation} onClose={() => setWordStudy(null)} />
        </Suspense>
      )}
      {comparing && (
        <Suspense fallback={null}>
          <CompareDialog reference={comparing.reference} label={comparing.label} current={translation} onClose={() => setComparing(null)} />
        </Suspense>
      )}
    </div>
  );
}
