/**
 * The API client of spec §7/§8: every call includes credentials; a JSON body (with its content type)
 * only for POST, PATCH and PUT; a non-OK reply throws Error("<status>: <reply text or status text>");
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

export async function apiRequest<T>(method: Method, path: string, body?: unknown, options: { on401?: 'throw' | 'null' } = {}): Promise<T> {
  const withBody = method === 'POST' || method === 'PATCH' || method === 'PUT';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'include',
      headers: withBody ? { 'Content-Type': 'application/json' } : undefined,
      body: withBody ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch {
    throw new Error(NETWORK_ERROR);
  }
  if (res.status === 401 && options.on401 === 'null') return null as T;
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

export const apiGet = <T>(path: string) => apiRequest<T>('GET', path);
export const apiPost = <T>(path: string, body: unknown) => apiRequest<T>('POST', path, body);
