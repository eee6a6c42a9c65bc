import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { LibraryJob, LibraryModule } from '#common/contracts/library.ts';
import { formatDate } from '#common/dates/format-date.ts';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { libraryModuleQuery } from '../api/library.ts';
import { actionsFor, formatBytes } from '../library-format.ts';
import { FactList } from './FactList.tsx';
import { KIND_LABELS } from './LibraryFilters.tsx';
import { LicenceLine, ModuleActions, type ModuleAction } from './LibraryModuleRow.tsx';

/**
 * What an admin reads before installing a module: its About text (plain paragraphs, never HTML), copyright,
 * version and date, size, licence and features. A dialog: focus stays inside and Escape closes it.
 */
export function LibraryModuleDetails({
  module,
  job,
  onAction,
  busy,
  onClose,
}: {
  module: LibraryModule;
  job?: LibraryJob;
  onAction: ModuleAction;
  busy: boolean;
  onClose: () => void;
}) {
  const detail = useQuery(libraryModuleQuery(module.repository, module.name));
  // The dialog opens from a row's About (not a Radix trigger), so focus goes back to it by hand.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  const shown = detail.data ?? module;
  const version = detail.data?.versionDate ? `${shown.version} (${formatDate(detail.data.versionDate) ?? detail.data.versionDate})` : shown.version;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        overlayClassName="bg-black/50"
        onCloseAutoFocus={(event) => {
          if (!opener?.isConnected) return;
          event.preventDefault();
          opener.focus();
        }}
        className="top-1/2 left-1/2 flex max-h-[90dvh] w-[min(94vw,40rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white text-stone-900 shadow-2xl dark:bg-stone-900 dark:text-stone-100"
      >
        <div className="flex items-start gap-3 border-b border-stone-200 p-5 dark:border-stone-800">
          <div className="min-w-0 flex-1">
            <DialogTitle className="font-serif text-xl font-semibold break-words">{shown.description || shown.name}</DialogTitle>
            <DialogDescription className="text-sm text-stone-600 dark:text-stone-400">
              {shown.name} · {shown.languageName} · {KIND_LABELS[shown.kind]} · from {shown.repository}
            </DialogDescription>
          </div>
          <DialogClose className="icon-button shrink-0" aria-label="Close">
            <span aria-hidden="true" className="text-2xl leading-none">
              ×
            </span>
          </DialogClose>
        </div>
        <div className="flex flex-col gap-4 overflow-y-auto p-5">
          <FactList
            facts={[
              ['Version', version],
              ['Size', shown.installSize === null ? 'Not stated' : formatBytes(shown.installSize)],
              ['Licence', <LicenceLine key="licence" module={shown} labelled={false} />],
              ['Copyright', detail.data ? (detail.data.copyright ?? 'Not stated') : '…'],
              ['Features', detail.data ? detail.data.features.join(', ') || 'None stated' : '…'],
            ]}
          />
          <section aria-labelledby="library-about-heading" className="flex flex-col gap-2">
            <h3 id="library-about-heading" className="font-semibold">
              About
            </h3>
            {detail.isError ? (
              <LoadFailed what="this module's details" error={detail.error} onRetry={() => void detail.refetch()} busy={detail.isFetching} className="" />
            ) : !detail.data ? (
              <p aria-busy="true" className="text-sm">
                Loading…
              </p>
            ) : detail.data.about.length === 0 ? (
              <p className="text-sm text-stone-700 dark:text-stone-300">The module says nothing more about itself.</p>
            ) : (
              // Each paragraph is text as the server cleaned it; React escapes it, so no markup from a conf runs.
              detail.data.about.map((paragraph, i) => (
                <p key={i} className="text-sm leading-relaxed break-words whitespace-pre-line">
                  {paragraph}
                </p>
              ))
            )}
          </section>
        </div>
        {(job || actionsFor(shown).length > 0) && (
          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-stone-200 p-4 dark:border-stone-800">
            <ModuleActions module={shown} job={job} onAction={onAction} busy={busy} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
