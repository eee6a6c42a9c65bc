import { Hourglass } from 'lucide-react';
import { queuedText } from '../queue-text.ts';

/** A question waiting for the AI model on the server: its place in line, read out as it changes. */
export function QueuedNotice({ place }: { place: number }) {
  return (
    <p className="flex items-center gap-2 text-stone-700 dark:text-stone-300" role="status" aria-live="polite">
      <Hourglass aria-hidden size={18} /> {queuedText(place)}
    </p>
  );
}
