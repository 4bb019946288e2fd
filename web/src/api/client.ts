/**
 * The one API client. Every call goes to /api with the session cookie. Errors carry the
 * server's `message` when present, otherwise the caller's fallback (spec section 8).
 */
export const API_BASE = '/api';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Array<{ path: string; message: string }>,
  ) {
    super(message);
  }
}

/** Told of every 401 answer (the auth code decides whether it means a session that ended). */
const unauthorizedListeners = new Set<(path: string) => void>();
export function onUnauthorized(listener: (path: string) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Message shown when the server gives none. Omit to surface the server message only. */
  fallback?: string;
  signal?: AbortSignal;
}

export async function apiRequest<T>(path: string, { method = 'GET', body, fallback, signal }: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'include',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, fallback ?? 'We couldn’t reach the server. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401) unauthorizedListeners.forEach((listener) => listener(path));
    const body = (data ?? {}) as { message?: unknown; errors?: unknown };
    const message = typeof body.message === 'string' && body.message ? body.message : (fallback ?? `Request failed (${response.status})`);
    throw new ApiError(response.status, message, Array.isArray(body.errors) ? (body.errors as ApiError['errors']) : undefined);
  }
  return data as T;
}

/**
 * Image paths from the API: relative paths resolve against the API base; paths beginning with
 * /player or /assets are kept as they are (spec section 7).
 */
export function resolveImageUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  if (path.startsWith('/player') || path.startsWith('/assets') || path.startsWith(`${API_BASE}/`)) return path;
  return `${API_BASE}/${path.replace(/^\//, '')}`;
}

/**
 * The 96 px thumbnail of an uploaded image (`media/<id>` -> `media/<id>/thumb`), for lists and
 * small avatars; any other image path is returned as it is.
 */
export function thumbnailPath(path: string | null | undefined): string | null | undefined {
  return path && /^\/?(?:api\/)?media\/[0-9a-f-]{36}$/i.test(path) ? `${path}/thumb` : path;
}
