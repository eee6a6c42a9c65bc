import { SESSION_ENDED, SESSION_ENDED_EVENT } from '#common/contracts/session.ts';

/**
 * The API client of spec §7/§8: every call includes credentials; a JSON body (with its content type)
 * for POST, PATCH and PUT (and a DELETE given one); a non-OK reply throws Error("<status>: <reply text or status text>");
 * a failed fetch throws "Network error: Unable to reach server".
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `{ message }`, when the body is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }
}

export const NETWORK_ERROR = 'Network error: Unable to reach server';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

// On the server the page's reads go to the app itself (no network, no cookies): entry-server sets this.
let transport: (path: string, init: RequestInit) => Promise<Response> = (path, init) => fetch(path, init);
export function setServerTransport(send: (path: string, init: RequestInit) => Promise<Response>): void {
  transport = send;
}

/** One call with credentials; a failed fetch and a non-OK reply become the errors of §8. */
async function send(path: string, init: RequestInit, options: { on401?: 'throw' | 'null' } = {}): Promise<Response | null> {
  let res: Response;
  try {
    res = await transport(path, { ...init, credentials: 'include' });
  } catch {
    throw new Error(NETWORK_ERROR);
  }
  if (res.status === 401 && options.on401 === 'null') {
    // Read the body to its end: an unread reply that may not be cached keeps its connection busy.
    await res.text();
    return null;
  }
  if (!res.ok) {
    const error = new ApiError(res.status, await res.text(), res.statusText);
    // Signed out elsewhere: the app asks the person to sign in again (SessionEndedDialog).
    if (res.status === 401 && error.serverMessage === SESSION_ENDED) window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
    throw error;
  }
  return res;
}

async function json<T>(res: Response | null): Promise<T> {
  if (!res) return null as T;
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export async function apiRequest<T>(method: Method, path: string, body?: unknown, options: { on401?: 'throw' | 'null' } = {}): Promise<T> {
  // A DELETE carries a body only when it must prove something (a guest's key to what they made).
  const withBody = method === 'POST' || method === 'PATCH' || method === 'PUT' || (method === 'DELETE' && body !== undefined);
  const init: RequestInit = withBody ? { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) } : { method };
  return json<T>(await send(path, init, options));
}

/** A file as the body itself (the JSON calls cannot send bytes): a profile picture, an import. */
export async function apiSendFile<T>(method: 'PUT' | 'POST', path: string, file: Blob, type: string): Promise<T> {
  return json<T>(await send(path, { method, headers: { 'Content-Type': type }, body: file }));
}

/** A GET of a paged list: the array of the reply and the full count from X-Total-Count. */
export async function apiGetPage<T>(path: string): Promise<{ items: T[]; total: number }> {
  const res = (await send(path, { method: 'GET' }))!;
  const items = (await res.json()) as T[];
  return { items, total: Number(res.headers.get('x-total-count') ?? items.length) };
}

/**
 * A POST answered with server-sent events: each event's name and parsed data go to `onEvent` as they
 * arrive. A refusal before the stream (a limit, bad input) throws like any call; `signal` stops it.
 */
export async function apiStream(path: string, body: unknown, onEvent: (event: string, data: unknown) => void, signal?: AbortSignal): Promise<void> {
  let res: Response | null;
  try {
    res = await send(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal });
  } catch (error) {
    if (signal?.aborted) throw new DOMException('Stopped', 'AbortError');
    throw error;
  }
  const reader = res!.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data !== undefined) onEvent(event, JSON.parse(data));
    }
  }
}

/** The server's message for a failed call, in words a person can act on (`overrides` rewords some). */
export function errorMessage(error: unknown, overrides: Record<string, string> = {}): string {
  if (error instanceof ApiError) {
    const message = error.serverMessage;
    if (message && overrides[message]) return overrides[message];
    if (error.status === 429) return message ?? 'Too many attempts. Please wait a few minutes and try again.';
    return message ?? error.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

export const apiGet = <T>(path: string) => apiRequest<T>('GET', path);
export const apiPost = <T>(path: string, body: unknown) => apiRequest<T>('POST', path, body);
