import type { JOB_ACTIONS, LibraryJob, LibraryModule } from '#common/contracts/library.ts';

/**
 * The Library panel's words for sizes, progress, jobs and times. English, as the rest of the app, and
 * written with `Intl` so numbers and units read the same on the server and in every browser.
 */
const LOCALE = 'en';

const UNITS = [
  { unit: 'gigabyte', size: 1024 ** 3 },
  { unit: 'megabyte', size: 1024 ** 2 },
  { unit: 'kilobyte', size: 1024 },
] as const;

const unitFormats = new Map<string, Intl.NumberFormat>();
function unitFormat(unit: string): Intl.NumberFormat {
  let found = unitFormats.get(unit);
  if (!found) unitFormats.set(unit, (found = new Intl.NumberFormat(LOCALE, { style: 'unit', unit, maximumFractionDigits: 1 })));
  return found;
}
// Intl's short name of a byte is "byte" ("512 byte"), which reads wrong beside "kB" and "MB".
const byteFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

/** "512 B", "1.5 kB", "2.9 MB", "1.2 GB" (1,024 bytes a kilobyte, as file managers on most systems count). */
export function formatBytes(bytes: number): string {
  for (const { unit, size } of UNITS) if (bytes >= size) return unitFormat(unit).format(bytes / size);
  return `${byteFormat.format(bytes)} B`;
}

/** "1.2 MB of 2.9 MB" once the download's size is known, else how much so far. */
export function progressText(job: Pick<LibraryJob, 'bytesDone' | 'bytesTotal'>): string {
  return job.bytesTotal === null ? formatBytes(job.bytesDone) : `${formatBytes(job.bytesDone)} of ${formatBytes(job.bytesTotal)}`;
}

const VERBS = {
  install: { base: 'Install', doing: 'Installing', done: 'Installed' },
  remove: { base: 'Remove', doing: 'Removing', done: 'Removed' },
  update: { base: 'Update', doing: 'Updating', done: 'Updated' },
} as const;

/** "Installing KJV: 40%", "Install KJV: waiting", "Removed KJV", "Update KJV failed". */
export function jobSummary(job: Pick<LibraryJob, 'action' | 'module' | 'state' | 'percent'>): string {
  const verb = VERBS[job.action];
  switch (job.state) {
    case 'queued':
      return `${verb.base} ${job.module}: waiting`;
    case 'running':
      return job.percent === null ? `${verb.doing} ${job.module}` : `${verb.doing} ${job.module}: ${job.percent}%`;
    case 'done':
      return `${verb.done} ${job.module}`;
    case 'failed':
      return `${verb.base} ${job.module} failed`;
    case 'cancelled':
      return `${verb.base} ${job.module} cancelled`;
  }
}

/** A job still to finish: the panel polls while there is one. */
export const isActive = (job: Pick<LibraryJob, 'state'>) => job.state === 'queued' || job.state === 'running';

const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
const STEPS = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
] as const;

/** "5 minutes ago", "yesterday", "never": when a catalogue was last read, from `now` (milliseconds). */
export function readAgo(iso: string | null, now: number): string {
  if (iso === null) return 'never';
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  for (const { unit, seconds: size } of STEPS) if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  return relative.format(0, 'minute');
}

export type JobAction = (typeof JOB_ACTIONS)[number];

/** Why a module cannot be installed here (locked, its licence refused, a format Selah does not read), or null. */
export function blockedReason(module: Pick<LibraryModule, 'locked' | 'licence' | 'unsupported'>): string | null {
  if (module.locked) return 'Locked: this module is enciphered and needs a key, so Selah does not install it.';
  if (!module.licence.installable) return module.licence.reason ?? 'Its licence does not allow this site to share it.';
  return module.unsupported;
}

/** The buttons a module's row offers: an installed module can always be removed (and updated when newer). */
export function actionsFor(module: Pick<LibraryModule, 'locked' | 'licence' | 'unsupported' | 'installedVersion' | 'updateAvailable'>): JobAction[] {
  if (module.installedVersion !== null) return module.updateAvailable ? ['update', 'remove'] : ['remove'];
  return blockedReason(module) === null ? ['install'] : [];
}
