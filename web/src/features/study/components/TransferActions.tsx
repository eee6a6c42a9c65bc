import * as Menu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Download, Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import type { ExportFormat, ExportKind } from '#common/study/export.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast, toastError } from '../../../components/ui/toast-store.ts';
import { HIGHLIGHT_CHANGED_EVENT } from '../api/highlights.ts';
import { accountExportHref, importStudyFile, importSummary } from '../api/transfer.ts';
import { downloadGuestExport } from '../store/guest-export.ts';
import type { Viewer } from '../../auth/api/viewer.ts';

const FORMAT_LABELS: Record<ExportFormat, string> = {
  md: 'Markdown (.md) — to read',
  json: 'JSON (.json) — to import again',
  csv: 'CSV (.csv) — for spreadsheets',
};

const item =
  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm no-underline outline-none data-[highlighted]:bg-stone-100 dark:data-[highlighted]:bg-stone-800';

/** Export (whole account, or this browser's items for a guest) and import of our JSON export. */
export function TransferActions({ kind, formats, viewer }: { kind: ExportKind; formats: readonly ExportFormat[]; viewer: Viewer }) {
  return (
    <div className="flex flex-wrap gap-2">
      <ImportButton viewer={viewer} />
      <Menu.Root>
        <Menu.Trigger className="button-secondary" disabled={viewer === 'loading'}>
          <Download aria-hidden size={16} /> Export <ChevronDown aria-hidden size={14} className="opacity-60" />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content align="end" sideOffset={6} collisionPadding={10} className="popover z-50 min-w-64">
            <Menu.Label className="px-3 py-2 text-xs text-stone-600 dark:text-stone-400">
              {viewer === 'user' ? `All your ${kind}, as` : `This browser's ${kind}, as`}
            </Menu.Label>
            {formats.map((format) =>
              viewer === 'user' ? (
                // The server streams the file; the browser saves it (no copy in page memory).
                <Menu.Item key={format} asChild className={item}>
                  <a href={accountExportHref(kind, format)} download>
                    {FORMAT_LABELS[format]}
                  </a>
                </Menu.Item>
              ) : (
                <Menu.Item key={format} className={item} onSelect={() => downloadGuestExport(kind, format)}>
                  {FORMAT_LABELS[format]}
                </Menu.Item>
              ),
            )}
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
    </div>
  );
}

function ImportButton({ viewer }: { viewer: Viewer }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file can be chosen again
    if (!file) return;
    setBusy(true);
    try {
      const counts = await importStudyFile(file);
      toast({ title: 'Import finished', description: importSummary(counts), duration: 4000 });
      if (counts.highlights.added) window.dispatchEvent(new Event(HIGHLIGHT_CHANGED_EVENT));
    } catch (error) {
      const message = (error instanceof ApiError && error.serverMessage) || (error as Error).message;
      toastError(message, 'Import failed');
    } finally {
      setBusy(false);
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['notes'] }), queryClient.invalidateQueries({ queryKey: ['highlights'] })]);
    }
  };

  return (
    <>
      <button type="button" className="button-secondary" disabled={busy || viewer === 'loading'} onClick={() => input.current?.click()}>
        <Upload aria-hidden size={16} /> {busy ? 'Importing…' : 'Import'}
      </button>
      <input ref={input} type="file" accept=".json,application/json" hidden aria-label="Selah JSON export to import" onChange={(e) => void onFile(e)} />
    </>
  );
}
