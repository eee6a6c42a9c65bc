import type { z } from 'zod';
import { apiBibleList, apiBookList, apiChapter, apiSearch, type ApiBibleSummary, type ApiBook, type ApiChapter, type ApiSearch } from './api-bible-protocol.ts';

export interface ApiBibleOptions {
  /** The REST API's base, e.g. https://rest.api.bible/v1 (a local stand-in in tests). */
  baseUrl: string;
  key: string;
  timeoutMs: number;
}

/** Why the provider gave no usable answer; the reader shows the §8 message for each the same way. */
export type ProviderFailureKind = 'timeout' | 'rate-limited' | 'not-found' | 'refused' | 'unavailable' | 'malformed';

export class ProviderFailure extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    detail: string,
  ) {
    super(detail);
    this.name = 'ProviderFailure';
  }
}

/**
 * A client of API.Bible's REST API. The key travels only in the `api-key` header of requests to the
 * configured base; failure messages name the path, never the key or the full URL.
 */
export class ApiBibleClient {
  private readonly base: string;

  constructor(private readonly options: ApiBibleOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
  }

  async bibles(): Promise<ApiBibleSummary[]> {
    return (await this.get('/bibles', apiBibleList)).data;
  }

  async books(bibleId: string): Promise<ApiBook[]> {
    return (await this.get(`/bibles/${encodeURIComponent(bibleId)}/books?include-chapters=true`, apiBookList)).data;
  }

  /** A chapter as JSON content with notes and titles, verse numbers as `verse` tags. */
  async chapter(bibleId: string, chapterId: string): Promise<ApiChapter> {
    const query = 'content-type=json&include-notes=true&include-titles=true&include-chapter-numbers=false&include-verse-numbers=true&include-verse-spans=false';
    return this.get(`/bibles/${encodeURIComponent(bibleId)}/chapters/${encodeURIComponent(chapterId)}?${query}`, apiChapter);
  }

  /** `range` limits the search to books, as the API writes them: "JHN", "GEN-MAL". */
  async search(bibleId: string, query: string, range: string | undefined, limit: number, offset: number): Promise<ApiSearch> {
    const params = new URLSearchParams({ query, limit: String(limit), offset: String(offset), sort: 'canonical' });
    if (range) params.set('range', range);
    return this.get(`/bibles/${encodeURIComponent(bibleId)}/search?${params}`, apiSearch);
  }

  private async get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const where = path.split('?')[0];
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    const request = () => fetch(`${this.base}${path}`, { headers: { 'api-key': this.options.key, accept: 'application/json' }, signal });
    let response: Response;
    try {
      // A kept-alive connection the provider has just closed fails at once; these reads are safe to
      // repeat, so one more try (within the same time limit) tells that apart from a provider that is down.
      response = await request().catch((error: unknown) => {
        if (signal.aborted) throw error;
        return request();
      });
    } catch (error) {
      const timedOut = signal.aborted;
      throw new ProviderFailure(
        timedOut ? 'timeout' : 'unavailable',
        `${where}: ${timedOut ? `no answer in ${this.options.timeoutMs} ms` : `could not connect (${causeOf(error)})`}`,
      );
    }
    if (!response.ok) {
      await response.body?.cancel();
      const kind: ProviderFailureKind =
        response.status === 429 ? 'rate-limited' : response.status === 404 ? 'not-found' : response.status < 500 ? 'refused' : 'unavailable';
      throw new ProviderFailure(kind, `${where}: HTTP ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') throw new ProviderFailure('timeout', `${where}: no answer in ${this.options.timeoutMs} ms`);
      throw new ProviderFailure('malformed', `${where}: the reply is not JSON`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ProviderFailure('malformed', `${where}: unexpected reply (${parsed.error.issues[0]?.path.join('.') ?? ''})`);
    return parsed.data;
  }
}

/** The network error under fetch's "fetch failed" (ECONNREFUSED, "other side closed"), for the logs. */
function causeOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
