import { Highlighter } from 'lucide-react';
import { HIGHLIGHT_COLORS } from '#common/study/rules.ts';
import { HIGHLIGHT_EXPORT_FORMATS } from '#common/study/export.ts';
import { HIGHLIGHT_COLOR_LABELS } from '#common/study/labels.ts';
import { BookSelect } from './BookSelect.tsx';
import { FilterSelect } from './FilterSelect.tsx';
import { FirstItemHint, NoMatches } from './EmptyState.tsx';
import { HighlightCard } from './HighlightCard.tsx';
import { ListFrame, ListSkeleton, countText } from './ListFrame.tsx';
import type { HighlightsListParams } from './list-api.ts';
import { Pager } from './Pager.tsx';
import { SearchBox } from './SearchBox.tsx';
import { TransferActions } from './TransferActions.tsx';
import { useHighlightsList } from './use-highlights-list.ts';
import { useListPage } from './use-list-page.ts';
import { useViewer } from './use-viewer.ts';

/** /highlights: every highlighted verse of the person (account or browser), newest first. */
export function HighlightsPage(params: HighlightsListParams) {
  const viewer = useViewer();
  const list = useHighlightsList(params, viewer);
  const data = list.data;
  const filtered = Boolean(params.q || params.color || params.book);
  const { page, pages, empty, update, onSearch, clear, toPage } = useListPage('/highlights', 'My Highlights', params, data, filtered);

  return (
    <ListFrame
      title="My Highlights"
      noun="highlights"
      viewer={viewer}
      count={data && !empty ? countText(data.total, 'highlight', filtered) : undefined}
      actions={<TransferActions kind="highlights" formats={HIGHLIGHT_EXPORT_FORMATS} viewer={viewer} />}
      error={list.error}
      failedText="Failed to fetch highlights"
      onRetry={list.retry}
      filters={
        !empty && (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_11rem_11rem] sm:items-end">
            <SearchBox id="highlights-q" label="Search" placeholder="Words or a reference" value={params.q} onSearch={onSearch} />
            <FilterSelect label="Colour" value={params.color ?? ''} onChange={(v) => update({ color: (v || undefined) as HighlightsListParams['color'] })}>
              <option value="">All colours</option>
              {HIGHLIGHT_COLORS.map((c) => (
                <option key={c} value={c}>
                  {HIGHLIGHT_COLOR_LABELS[c]}
                </option>
              ))}
            </FilterSelect>
            <BookSelect value={params.book} onChange={(book) => update({ book })} />
          </div>
        )
      }
    >
      {list.isPending || !data ? (
        <ListSkeleton />
      ) : empty ? (
        <FirstItemHint icon={<Highlighter aria-hidden size={22} />} title="No highlights yet">
          Open the reader, tap a verse and choose a colour — yellow, green, blue or pink — to highlight it. Every verse you highlight gathers here.
        </FirstItemHint>
      ) : data.total === 0 ? (
        <NoMatches noun="highlights" onClear={clear} />
      ) : (
        <section aria-label="Highlights" aria-busy={list.isFetching} className="flex flex-col gap-3">
          {data.items.map((h) => (
            <HighlightCard key={h.id} highlight={h} onColor={(c) => void list.recolor(h, c)} onDelete={() => void list.remove(h)} />
          ))}
          <Pager label="Highlight pages" page={page} pages={pages} onPage={toPage} />
        </section>
      )}
    </ListFrame>
  );
}
