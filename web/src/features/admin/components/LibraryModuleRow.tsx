import type { LibraryJob, LibraryModule } from '#common/contracts/library.ts';
import { actionsFor, blockedReason, formatBytes, jobSummary, type JobAction } from '../library-format.ts';
import { KIND_LABELS } from './LibraryFilters.tsx';

export type ModuleAction = (module: LibraryModule, action: JobAction) => void;

const BUTTONS: Record<JobAction, { label: string; className: string }> = {
  install: { label: 'Install', className: 'button-primary' },
  update: { label: 'Update', className: 'button-primary' },
  remove: { label: 'Remove', className: 'button-ghost text-red-800 dark:text-red-300' },
};

/** Version, size and where from, in one line: "KJV · English · Bibles · version 3.1 · 2.9 MB · CrossWire". */
function ModuleFacts({ module }: { module: LibraryModule }) {
  return (
    <p className="text-sm break-words text-stone-600 dark:text-stone-400">
      {module.name} · {module.languageName} · {KIND_LABELS[module.kind]} · version {module.version}
      {/* A size never splits across lines on a phone ("2.9" and "MB" apart). */}
      {module.installSize !== null && (
        <>
          {' '}
          · <span className="whitespace-nowrap">{formatBytes(module.installSize)}</span>
        </>
      )}{' '}
      · {module.repository}
    </p>
  );
}

/** The licence as the module states it, marked when it allows non-commercial sharing only. */
export function LicenceLine({ module, labelled = true }: { module: LibraryModule; labelled?: boolean }) {
  const blocked = blockedReason(module);
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      {module.locked && (
        <span className="rounded-full bg-stone-200 px-2.5 py-0.5 text-xs font-semibold text-stone-900 dark:bg-stone-700 dark:text-stone-50">Locked</span>
      )}
      {module.licence.nonCommercial && (
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          Non-commercial
        </span>
      )}
      <span className="text-stone-700 dark:text-stone-300">
        {labelled && 'Licence: '}
        {module.licence.text ?? 'none stated'}
      </span>
      {blocked && <span className="basis-full text-red-800 dark:text-red-300">{blocked}</span>}
    </p>
  );
}

/** Install, Update or Remove as fits the module, or what its job is doing while one is under way. */
export function ModuleActions({ module, job, onAction, busy }: { module: LibraryModule; job?: LibraryJob; onAction: ModuleAction; busy: boolean }) {
  if (job) return <p className="text-sm font-medium text-stone-700 dark:text-stone-300">{jobSummary(job)}</p>;
  return (
    <>
      {actionsFor(module).map((action) => (
        <button
          key={action}
          type="button"
          className={BUTTONS[action].className}
          disabled={busy}
          aria-label={`${BUTTONS[action].label} ${module.name}`}
          onClick={() => {
            if (action === 'remove' && !window.confirm(`Remove ${module.name} (${module.description}) from this site? Readers will no longer see it.`)) return;
            onAction(module, action);
          }}
        >
          {BUTTONS[action].label}
        </button>
      ))}
    </>
  );
}

/** One module of the list: what it is, its licence, and what can be done with it. */
export function LibraryModuleRow({
  module,
  job,
  onAction,
  onOpen,
  busy,
}: {
  module: LibraryModule;
  job?: LibraryJob;
  onAction: ModuleAction;
  onOpen: (module: LibraryModule) => void;
  busy: boolean;
}) {
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:gap-4">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h4 className="font-medium break-words">{module.description || module.name}</h4>
        <ModuleFacts module={module} />
        {module.installedVersion !== null && (
          <p className="text-sm font-medium text-green-800 dark:text-green-300">
            Installed (version {module.installedVersion}){module.updateAvailable && `; version ${module.version} is available`}
          </p>
        )}
        <LicenceLine module={module} />
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <button type="button" className="button-secondary" onClick={() => onOpen(module)} aria-label={`About ${module.name}`} aria-haspopup="dialog">
          About
        </button>
        <ModuleActions module={module} job={job} onAction={onAction} busy={busy} />
      </div>
    </li>
  );
}
