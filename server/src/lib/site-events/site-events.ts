import { randomUUID } from 'node:crypto';
import type { NotifyChannel } from './notify-channel.repository.ts';

export interface SiteEventsLog {
  warn(obj: object, msg: string): void;
}

/**
 * Events every process of a site hears: one process changes what others keep (a page, a search reply,
 * a ranking board, the installed translations), tells the database, and each of the others drops what
 * it kept. A process does not hear its own (it acted already); after a gap in listening it hears all
 * of them, since any may have been missed.
 */
export class SiteEvents<Name extends string> {
  private readonly origin = randomUUID();
  private readonly handlers: ((name: Name) => void)[] = [];
  private channel: NotifyChannel | undefined;

  constructor(
    private readonly names: readonly Name[],
    private readonly log: SiteEventsLog,
  ) {}

  /** Starts hearing the database: `open` gets the listener and answers the channel. */
  async connect(open: (listener: { message(payload: string): void; missed(): void }) => Promise<NotifyChannel>): Promise<void> {
    this.channel = await open({ message: (payload) => this.heard(payload), missed: () => this.names.forEach((name) => this.deliver(name)) });
  }

  carries(name: string): name is Name {
    return (this.names as readonly string[]).includes(name);
  }

  /** Tells every other process; never throws (a process that misses it catches up by its keeping time). */
  publish(name: Name): void {
    this.channel?.notify(JSON.stringify({ name, from: this.origin })).catch((error: Error) => {
      this.log.warn({ err: error }, `site events: could not tell the other processes "${name}": ${error.message}`);
    });
  }

  /** `handler` is called for each event another process published. */
  subscribe(handler: (name: Name) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    const channel = this.channel;
    this.channel = undefined;
    await channel?.close();
  }

  private heard(payload: string): void {
    let event: { name?: unknown; from?: unknown };
    try {
      event = JSON.parse(payload) as typeof event;
    } catch {
      return;
    }
    if (event.from === this.origin || typeof event.name !== 'string' || !this.carries(event.name)) return;
    this.deliver(event.name);
  }

  private deliver(name: Name): void {
    for (const handler of this.handlers) {
      try {
        handler(name);
      } catch (error) {
        this.log.warn({ err: error }, `site events: a handler of "${name}" failed: ${(error as Error).message}`);
      }
    }
  }
}
