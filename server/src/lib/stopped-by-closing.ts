import { AppError } from './errors.ts';

/** What a person is told when the process stops under a picture or passage being made: another answers the next try. */
export const STOPPING = 'Selah is restarting. Please try again in a moment.';

/** The process is stopping (SIGTERM) and ended this request's work before it was done: 503, ask again. */
export class Stopping extends AppError {
  constructor() {
    super(503, STOPPING, { 'retry-after': '1' });
  }
}

/**
 * `work`, or a `Stopping` error as soon as `closing` fires, whichever comes first. The reply then ends
 * cleanly instead of being cut at the shutdown deadline; the work itself ends with its worker pool,
 * which is destroyed once the server has closed.
 */
export function untilClosing<T>(work: () => Promise<T>, closing: AbortSignal): Promise<T> {
  if (closing.aborted) return Promise.reject(new Stopping());
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(new Stopping());
    closing.addEventListener('abort', stop, { once: true });
    work()
      .then(resolve, reject)
      .finally(() => closing.removeEventListener('abort', stop));
  });
}
