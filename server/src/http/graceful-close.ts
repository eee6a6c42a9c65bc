import type { AppServer } from './create-server.ts';

/** When a stop is under way: what was told to stop, and why it ended. */
export interface CloseOutcome {
  /** Every request ended by itself (else the deadline cut what was left). */
  drained: boolean;
}

/**
 * Stops `server` within `deadlineMs` of being called (SIGTERM; an orchestrator kills the process a little
 * later, 30 s in Kubernetes). New connections are refused at once, and requests in flight may finish.
 * Near the end (the last fifth, at most 5 s) `stopLongWork` tells long requests to stop so they end their
 * replies cleanly; then whatever connection is still open — a client still trickling its body, a reply
 * that would not end — is cut, and the close completes.
 */
export async function closeWithin(server: AppServer, deadlineMs: number, stopLongWork: () => void): Promise<CloseOutcome> {
  const grace = Math.min(5_000, deadlineMs / 5);
  let drained = true;
  const warn = setTimeout(stopLongWork, deadlineMs - grace);
  const cut = setTimeout(
    () => {
      drained = false;
      server.server.closeAllConnections();
    },
    deadlineMs - grace / 2,
  );
  try {
    await server.close();
  } finally {
    clearTimeout(warn);
    clearTimeout(cut);
  }
  return { drained };
}
