import { ApiError } from '../lib/api-client.ts';
import { cn } from '../lib/cn.ts';

/** A list or figures that did not load: what, the server's reason when it gave one, and Try again. */
export function LoadFailed({
  what,
  error,
  onRetry,
  busy,
  className = 'card',
}: {
  what: string;
  error: Error;
  onRetry: () => void;
  busy?: boolean;
  className?: string;
}) {
  return (
    <div role="alert" className={cn('flex flex-col items-start gap-3', className)}>
      <p className="font-semibold">Failed to load {what}</p>
      <p className="text-sm text-stone-700 dark:text-stone-300">{(error instanceof ApiError && error.serverMessage) || error.message}</p>
      <button type="button" className="button-secondary" disabled={busy} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
