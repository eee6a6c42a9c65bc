import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TranslationSummary } from '#common/contracts/bible.ts';
import { translationGroupsQuery } from '../../scripture/api/scripture.ts';
import { cancelDownload, deleteDownload, downloadSizeQuery, downloadTranslation, refreshDownloads, useDownloadState } from '../api/downloads.ts';

const MB = 1024 * 1024;
const megabytesFormat = new Intl.NumberFormat('en', { style: 'unit', unit: 'megabyte', minimumFractionDigits: 1, maximumFractionDigits: 1 });
const kilobytesFormat = new Intl.NumberFormat('en', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 });

/** A size as people read it: "38.9 MB", or "24 KB" for a small text that would round to 0.0 MB. */
const megabytes = (bytes: number) => (bytes < MB / 10 ? kilobytesFormat.format(Math.max(1, Math.round(bytes / 1024))) : megabytesFormat.format(bytes / MB));

/**
 * /settings "Offline reading": each translation whose terms allow it can be kept on this device, every
 * chapter of it, and read, searched and studied without a network.
 */
export function OfflineDownloads() {
  const groups = useQuery(translationGroupsQuery);
  const offered = (groups.data ?? []).flatMap((g) => g.translations).filter((t) => t.features.includes('offline'));
  const codes = offered.map((t) => t.code).join(',');
  useEffect(() => {
    if (codes) void refreshDownloads(codes.split(','));
  }, [codes]);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-stone-700 dark:text-stone-300">
        Keep a whole translation on this device to read and search it without a connection. Chapters you open are kept anyway; a download keeps them all.
      </p>
      <ul className="divide-y divide-stone-200 dark:divide-stone-800">
        {offered.map((t) => (
          <DownloadRow key={t.code} translation={t} />
        ))}
      </ul>
    </div>
  );
}

function DownloadRow({ translation: t }: { translation: TranslationSummary }) {
  const state = useDownloadState(t.code);
  const size = useQuery({ ...downloadSizeQuery(t.code), enabled: state.status !== 'downloaded' });
  const label = `${t.name} (${t.code})`;
  return (
    <li className="flex flex-col gap-2 py-3" data-testid={`download-${t.code}`}>
      <div className="flex flex-wrap items-center gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-medium">{label}</p>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            {state.status === 'downloaded'
              ? `On this device: ${state.record.chapters.toLocaleString('en')} chapters, ${megabytes(state.record.bytes)}`
              : size.data
                ? `About ${megabytes(size.data.downloadBytes)} to download, ${megabytes(size.data.storedBytes)} on this device`
                : size.isError
                  ? 'Its size could not be worked out just now.'
                  : 'Working out its size…'}
          </p>
        </div>
        {state.status === 'downloading' ? (
          <button type="button" className="button-ghost" onClick={() => cancelDownload(t.code)} aria-label={`Cancel the download of ${label}`}>
            Cancel
          </button>
        ) : state.status === 'downloaded' ? (
          <button type="button" className="button-ghost" onClick={() => void deleteDownload(t.code)} aria-label={`Delete ${label} from this device`}>
            Delete
          </button>
        ) : (
          <button
            type="button"
            className="button-primary"
            onClick={() => void downloadTranslation(t, size.data?.storedBytes)}
            aria-label={`Download ${label} for offline reading`}
          >
            Download
          </button>
        )}
      </div>
      {state.status === 'downloading' && (
        <div className="flex flex-col gap-1">
          <progress className="h-2 w-full accent-orange-800 dark:accent-orange-300" max={state.total} value={state.done} aria-label={`Downloading ${label}`} />
          <p className="text-xs text-stone-600 dark:text-stone-400">
            {state.done.toLocaleString('en')} of {state.total.toLocaleString('en')} chapters · {megabytes(state.bytes)}
          </p>
        </div>
      )}
      {state.status === 'failed' && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {state.message}
        </p>
      )}
    </li>
  );
}
