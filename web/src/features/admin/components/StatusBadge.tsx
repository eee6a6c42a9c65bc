const TONES = {
  draft: 'bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200',
  scheduled: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  published: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
} as const;
const LABELS = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' } as const;

/** Where a lesson or post stands, in words (the colour only repeats them). */
export function StatusBadge({ status }: { status: keyof typeof TONES }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}>{LABELS[status]}</span>;
}
