import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState } from 'react';
import { useFocusOnOpen } from '../../../lib/hooks/use-focus-on-open.ts';
import type { RepositoryStatus } from '#common/contracts/library.ts';
import { formatDate } from '#common/dates/format-date.ts';
import { countOf, en } from '#common/text/plural.ts';
import { FormMessages } from '../../../components/FormMessages.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { libraryKeys, libraryRepositoriesQuery, saveRepositories, type RepositoryInput } from '../api/library.ts';
import { readAgo } from '../library-format.ts';

// The relative times ("5 minutes ago") are read again this often while the panel is open.
const CLOCK_MS = 30_000;
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * "Refresh catalogues", and while a refresh runs (this admin's, another's, or the CLI's) a status naming
 * the repositories being read in place of a second refresh. The status is always in the page, so screen
 * readers announce it when it fills.
 */
export function RefreshButton({
  refreshing,
  reading = [],
  onRefresh,
  className = 'button-secondary',
}: {
  refreshing: boolean;
  /** The repositories whose catalogue is being read now, in any process. */
  reading?: readonly string[];
  onRefresh: () => void;
  className?: string;
}) {
  const busy = refreshing || reading.length > 0;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className={className} disabled={busy} onClick={onRefresh}>
        {busy ? 'Refreshing catalogues…' : 'Refresh catalogues'}
      </button>
      <p role="status" aria-live="polite" className="text-sm text-stone-700 dark:text-stone-300" data-testid="library-refreshing">
        {reading.length > 0 ? `Reading the catalogue of ${READING_LIST.format(reading)}…` : ''}
      </p>
    </div>
  );
}

const READING_LIST = new Intl.ListFormat('en', { type: 'conjunction' });

/** The repositories whose catalogue a process is reading now. */
export const reading = (repositories: readonly RepositoryStatus[]) => repositories.filter((r) => r.refreshing).map((r) => r.name);

type Row = { key: number; name: string; catalogueUrl: string; packageUrl: string };

/** The list as a form: a row per repository (name, catalogue address, optional zip folder), saved whole. */
function RepositoriesForm({ repositories, onDone }: { repositories: RepositoryStatus[]; onDone: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => repositories.map((r, key) => ({ key, name: r.name, catalogueUrl: r.catalogueUrl, packageUrl: r.packageUrl })));
  const [nextKey, setNextKey] = useState(repositories.length);
  // Focus follows the form: to the first name when it opens, to a new row's name, to a neighbour's after a removal.
  const [focusKey, setFocusKey] = useState<number | undefined>(0);
  const focusRef = useFocusOnOpen<HTMLInputElement>();
  const save = useMutation({
    mutationFn: () =>
      saveRepositories(
        rows.map(({ name, catalogueUrl, packageUrl }): RepositoryInput => ({
          name,
          catalogueUrl,
          ...(packageUrl.trim() ? { packageUrl: packageUrl.trim() } : {}),
        })),
      ),
    onSuccess: (page) => {
      queryClient.setQueryData(libraryRepositoriesQuery.queryKey, page);
      void queryClient.invalidateQueries({ queryKey: libraryKeys.modules });
      onDone();
    },
  });
  const change = (key: number, field: keyof Omit<Row, 'key'>, value: string) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const field = (row: Row, name: keyof Omit<Row, 'key'>, label: string, type: 'text' | 'url', required: boolean) => (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={`${id}-${row.key}-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${row.key}-${name}`}
        type={type}
        className="input"
        value={row[name]}
        ref={name === 'name' && row.key === focusKey ? focusRef : undefined}
        required={required}
        onChange={(e) => change(row.key, name, e.target.value)}
        placeholder={name === 'packageUrl' ? 'By the repository’s usual layout' : undefined}
      />
    </div>
  );
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      noValidate
    >
      <ol className="flex flex-col gap-4">
        {rows.map((row, index) => (
          <li key={row.key}>
            <fieldset className="grid gap-3 rounded-xl border border-stone-200 p-4 sm:grid-cols-[minmax(8rem,12rem)_1fr] dark:border-stone-800">
              <legend className="px-1 text-sm font-semibold">Repository {index + 1}</legend>
              {field(row, 'name', 'Name', 'text', true)}
              {field(row, 'catalogueUrl', 'Catalogue address', 'url', true)}
              <div className="sm:col-span-2">{field(row, 'packageUrl', 'Zip folder address (optional)', 'url', false)}</div>
              <div className="sm:col-span-2">
                <button
                  type="button"
                  className="button-ghost text-red-800 dark:text-red-300"
                  disabled={rows.length === 1}
                  onClick={() => {
                    setFocusKey(rows[index === 0 ? 1 : index - 1]?.key);
                    setRows((all) => all.filter((r) => r.key !== row.key));
                  }}
                  aria-label={`Remove repository ${index + 1}${row.name ? ` (${row.name})` : ''}`}
                >
                  Remove
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <FormMessages error={save.isError ? errorMessage(save.error) : null} notice={null} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="button-secondary"
          disabled={rows.length >= 20}
          onClick={() => {
            setRows((all) => [...all, { key: nextKey, name: '', catalogueUrl: '', packageUrl: '' }]);
            setFocusKey(nextKey);
            setNextKey((k) => k + 1);
          }}
        >
          Add a repository
        </button>
        <button type="submit" className="button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save repositories'}
        </button>
        <button type="button" className="button-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The repositories the library lists: when each catalogue was last read, its modules, its last error. */
export function LibraryRepositories({
  repositories,
  refreshing,
  onRefresh,
  offerRefresh = true,
  refreshError = null,
}: {
  repositories: RepositoryStatus[];
  refreshing: boolean;
  onRefresh: () => void;
  /** False when the page already offers the refresh (the empty library's own button). */
  offerRefresh?: boolean;
  /** Why the last "Refresh catalogues" was refused, shown by the button. */
  refreshError?: string | null;
}) {
  const [editing, setEditing] = useState(false);
  const now = useNow();
  // Back to "Edit repositories" when the form closes, so keyboard users keep their place.
  const [returnFocus, setReturnFocus] = useState(false);
  const editButton = useCallback(
    (element: HTMLButtonElement | null) => {
      if (returnFocus) element?.focus();
    },
    [returnFocus],
  );
  return (
    <section aria-labelledby="library-repositories-heading" className="card flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="library-repositories-heading" className="font-semibold">
          Repositories
        </h3>
        {!editing && (
          <div className="flex flex-wrap gap-2">
            {offerRefresh && <RefreshButton refreshing={refreshing} reading={reading(repositories)} onRefresh={onRefresh} />}
            <button type="button" className="button-ghost" onClick={() => setEditing(true)} ref={editButton}>
              Edit repositories
            </button>
          </div>
        )}
      </div>
      {!editing && <FormMessages error={refreshError} notice={null} />}
      {editing ? (
        <RepositoriesForm
          repositories={repositories}
          onDone={() => {
            setEditing(false);
            setReturnFocus(true);
          }}
        />
      ) : (
        <ul className="flex flex-col divide-y divide-stone-200 dark:divide-stone-800">
          {repositories.map((r) => (
            <li key={r.name} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <p className="font-medium">{r.name}</p>
              <p className="text-sm break-all text-stone-600 dark:text-stone-400">{r.catalogueUrl}</p>
              <p className="text-sm text-stone-700 dark:text-stone-300">
                {r.fetchedAt === null ? (
                  'Catalogue not read yet'
                ) : (
                  <>
                    Catalogue read{' '}
                    <time dateTime={r.fetchedAt} title={formatDate(r.fetchedAt, 'withTime')}>
                      {readAgo(r.fetchedAt, now)}
                    </time>
                    {r.checkedAt !== null && r.checkedAt !== r.fetchedAt && (
                      <>
                        , unchanged when checked{' '}
                        <time dateTime={r.checkedAt} title={formatDate(r.checkedAt, 'withTime')}>
                          {readAgo(r.checkedAt, now)}
                        </time>
                      </>
                    )}{' '}
                    · {countOf(r.moduleCount, en('module'))}
                  </>
                )}
              </p>
              {r.error && (
                <p className="rounded-lg bg-red-50 p-2 text-sm break-words text-red-900 dark:bg-red-950 dark:text-red-100">
                  <span className="font-semibold">Last refresh failed:</span> {r.error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
