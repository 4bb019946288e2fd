import type { MessageValues } from '@app/domain/error-codes';
import { i18n } from '../i18n/index.ts';
import { localizeMessage } from '../i18n/messages.ts';

/**
 * The one API client. Every call goes to /api with the session cookie and the app's language
 * (Accept-Language: mails the call causes are written in it). Errors carry the server's
 * `message` when present, in the reader's language by its `code` (issue 19), otherwise the
 * caller's fallback (spec section 8).
 */
export const API_BASE = '/api';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** In the reader's language. */
    message: string,
    readonly errors?: Array<{ path: string; message: string }>,
    /** The server's code of the message and its values (issue 19), for a screen that acts on a particular answer. */
    readonly coded?: { code: string; values?: MessageValues },
  ) {
    super(message);
  }
}

interface ServerFieldError {
  path: string;
  message: string;
  code?: string;
  values?: MessageValues;
}
const codeOf = (body: { code?: unknown }) => (typeof body.code === 'string' ? body.code : undefined);

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
      headers: { 'accept-language': i18n.resolvedLanguage ?? i18n.language, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, fallback ? localizeMessage(fallback) : i18n.t('common:errors.unreachable'));
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401) unauthorizedListeners.forEach((listener) => listener(path));
    const body = (data ?? {}) as { message?: unknown; code?: unknown; values?: MessageValues; errors?: unknown };
    const code = codeOf(body);
    const message =
      typeof body.message === 'string' && body.message
        ? localizeMessage(body.message, code, body.values)
        : fallback
          ? localizeMessage(fallback)
          : i18n.t('common:errors.requestFailed', { status: response.status });
    const errors = Array.isArray(body.errors)
      ? (body.errors as ServerFieldError[]).map((e) => ({ path: e.path, message: localizeMessage(e.message, codeOf(e), e.values) }))
      : undefined;
    throw new ApiError(response.status, message, errors, code ? { code, values: body.values } : undefined);
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
