import { randomUUID } from 'node:crypto';
import { Agent as HttpAgent, get as httpGet } from 'node:http';
import { Agent as HttpsAgent, get as httpsGet } from 'node:https';

/** Reports waiting beyond this are dropped (and counted): a flood of readers must not grow memory. */
const MAX_WAITING = 10_000;
/** Reports in flight at once, and sent a second: enough for any real readership, little enough to leave the CPU to readers. */
const CONCURRENCY = 4;
const PER_SECOND = 200;

/**
 * Sends API.Bible's fair-use (FUMS v3) reports: one GET per showing, with the reply's token and this
 * server's anonymous ids (`dId`, `sId`: random per process, never a reader's data). A showing only
 * queues its report; a few sends run in the background, at most 200 a second, so serving a chapter
 * costs the same with reports on (a fetch per read took 94 % of a kept chapter's throughput in
 * `npm run bench:licensed`). Past 10,000 waiting — a flood, not readers — showings are counted, not sent.
 */
export class UsageReporter {
  private readonly waiting: string[] = [];
  private active = 0;
  private windowStart = 0;
  private inWindow = 0;
  private resume?: NodeJS.Timeout;
  private readonly deviceId = randomUUID();
  private readonly sessionId = randomUUID();
  private readonly agents = {
    http: new HttpAgent({ keepAlive: true, maxSockets: CONCURRENCY }),
    https: new HttpsAgent({ keepAlive: true, maxSockets: CONCURRENCY }),
  };
  /** Reports dropped because too many were waiting. */
  dropped = 0;

  constructor(
    private readonly url: string,
    private readonly onFailure: (error: unknown) => void,
  ) {}

  report(token: string): void {
    if (this.waiting.length >= MAX_WAITING) {
      this.dropped++;
      return;
    }
    this.waiting.push(token);
    this.pump();
  }

  private pump(): void {
    while (this.active < CONCURRENCY && this.waiting.length > 0) {
      const now = Date.now();
      if (now - this.windowStart >= 1_000) {
        this.windowStart = now;
        this.inWindow = 0;
      }
      if (this.inWindow >= PER_SECOND) {
        this.resume ??= setTimeout(
          () => {
            this.resume = undefined;
            this.pump();
          },
          this.windowStart + 1_000 - now,
        );
        this.resume.unref();
        return;
      }
      this.inWindow++;
      const token = this.waiting.shift()!;
      this.active++;
      void this.send(token).finally(() => {
        this.active--;
        this.pump();
      });
    }
  }

  /** node:http(s) over kept-alive connections: a third of fetch's cost per report, which counts under load. */
  private send(token: string): Promise<void> {
    const params = new URLSearchParams({ t: token, dId: this.deviceId, sId: this.sessionId });
    const url = new URL(`${this.url}?${params}`);
    const get = url.protocol === 'https:' ? httpsGet : httpGet;
    return new Promise((resolve) => {
      const request = get(url, { agent: url.protocol === 'https:' ? this.agents.https : this.agents.http, timeout: 5_000 }, (response) => {
        response.resume();
        response.on('end', () => {
          if ((response.statusCode ?? 500) >= 400) this.onFailure(new Error(`HTTP ${response.statusCode}`));
          resolve();
        });
        response.on('error', () => resolve());
      });
      request.on('timeout', () => request.destroy(new Error('no answer in 5 s')));
      request.on('error', (error) => {
        this.onFailure(error);
        resolve();
      });
    });
  }
}
