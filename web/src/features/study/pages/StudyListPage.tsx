import type { ReactNode } from 'react';
import type { ExportFormat } from '#common/study/export.ts';
import type { Viewer } from '../../auth/api/viewer.ts';
import type { Page } from '../api/lists.ts';
import { BookSelect } from '../components/BookSelect.tsx';
import { FirstItemHint, NoMatches } from '../components/EmptyState.tsx';
import { FilterSelect } from '../components/FilterSelect.tsx';
import { ListFrame, ListSkeleton, countText } from '../components/ListFrame.tsx';
import { Pager } from '../components/Pager.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import { TransferActions } from '../components/TransferActions.tsx';
import { useListPage, type ListParams } from '../hooks/use-list-page.ts';

interface Props<T extends { id: string }, P extends ListParams> {
  route: '/notes' | '/highlights';
  /** "note" or "highlight": the page says "My Notes", "3 notes match", "No notes yet". */
  noun: 'note' | 'highlight';
  params: P;
  viewer: Viewer;
  list: { data: Page<T> | undefined; isPending: boolean; isFetching: boolean; error: Error | null; retry: () => void };
  formats: readonly ExportFormat[];
  searchPlaceholder: string;
  /** The list's own filter beside search and book (a note's type, a highlight's colour). */
  filter: { param: keyof P & string; label: string; all: string; options: readonly { value: string; label: string }[] };
  /** What to say before there is anything: how to make the first one. */
  firstItem: { icon: ReactNode; text: string };
  item: (item: T) => ReactNode;
}

/**
 * My Notes and My Highlights: every item of the person (account or browser), newest first, with
 * search, a filter, a book and the page number in the URL; export and import above the list.
 */
export function StudyListPage<T extends { id: string }, P extends ListParams>({
  route,
  noun,
  params,
  viewer,
  list,
  formats,
  searchPlaceholder,
  filter,
  firstItem,
  item,
}: Props<T, P>) {
  const plural = `${noun}s` as const;
  const Plural = `${noun[0]!.toUpperCase()}${plural.slice(1)}`;
  const data = list.data;
  const filtered = Boolean(params.q || params.book || params[filter.param]);
  const { page, pages, empty, update, onSearch, clear, toPage } = useListPage(route, params, data, filtered);

  return (
    <ListFrame
      title={`My ${Plural}`}
      noun={plural}
      viewer={viewer}
      count={data && !empty ? countText(data.total, noun, filtered) : undefined}
      actions={<TransferActions kind={plural} formats={formats} viewer={viewer} />}
      error={list.error}
      failedText={`Failed to fetch ${plural}`}
      onRetry={list.retry}
      filters={
        !empty && (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_11rem_11rem] sm:items-end">
            <SearchBox id={`${plural}-q`} label="Search" placeholder={searchPlaceholder} value={params.q} onSearch={onSearch} />
            <FilterSelect
              label={filter.label}
              value={String(params[filter.param] ?? '')}
              onChange={(v) => update({ [filter.param]: v || undefined } as Partial<P>)}
            >
              <option value="">{filter.all}</option>
              {filter.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </FilterSelect>
            <BookSelect value={params.book} onChange={(book) => update({ book } as Partial<P>)} />
          </div>
        )
      }
    >
      {list.isPending || !data ? (
        <ListSkeleton />
      ) : empty ? (
        <FirstItemHint icon={firstItem.icon} title={`No ${plural} yet`}>
          {firstItem.text}
        </FirstItemHint>
      ) : data.total === 0 ? (
        <NoMatches noun={plural} onClear={clear} />
      ) : (
        <section aria-label={Plural} aria-busy={list.isFetching} className="flex flex-col gap-3">
          {data.items.map(item)}
          <Pager label={`${noun[0]!.toUpperCase()}${noun.slice(1)} pages`} page={page} pages={pages} onPage={toPage} />
        </section>
      )}
    </ListFrame>
  );
}
