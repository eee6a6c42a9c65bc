import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';

// Workers run TypeScript like the server does, through tsx, found from here whatever the current folder.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * A pool of worker threads for CPU-heavy work (checking an import, later speech and pictures), so
 * the event loop keeps answering reads. Threads start on demand and end when idle, returning their
 * memory. More than `maxQueue` waiting tasks are refused (the caller answers 503).
 */
export function workerPool(file: URL, options: { maxThreads: number; maxQueue: number }): Piscina {
  return new Piscina({
    filename: file.href,
    minThreads: 0,
    maxThreads: options.maxThreads,
    maxQueue: options.maxQueue,
    idleTimeout: 30_000,
    execArgv: ['--import', TSX],
  });
}

/** Whether an error is the pool saying its queue is full. */
export function isQueueFull(error: unknown): boolean {
  return error instanceof Error && /task queue is at limit|no task queue available/i.test(error.message);
}

/**
 * Places in a pool's work (running and waiting), taken when a request's headers arrive and given back
 * once it is answered: a request that would find the queue full is told so before its body is sent,
 * and requests in flight at once cannot all pass the check.
 */
export class Places {
  private taken = 0;

  constructor(readonly capacity: number) {}

  get inUse(): number {
    return this.taken;
  }

  /** A place and the function that gives it back (once, however often called), or null when all are taken. */
  take(): (() => void) | null {
    if (this.taken >= this.capacity) return null;
    this.taken++;
    let given = false;
    return () => {
      if (!given) {
        given = true;
        this.taken--;
      }
    };
  }
}
