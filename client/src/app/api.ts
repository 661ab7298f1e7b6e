/**
 * The one HTTP client. Cookies carry the session; every state-changing call carries the session's
 * CSRF token; every error becomes an ApiError whose message is the server's first error.
 */
export const GENERIC_ERROR = 'Something went wrong. Please try again.';
export const NETWORK_ERROR = 'The server cannot be reached. Check your connection and try again.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
  ) {
    super(errors[0] ?? GENERIC_ERROR);
    this.name = 'ApiError';
  }
}

/** The first message of a `{ success: false, errors: [...] }` body, else the fallback. */
export function firstError(body: unknown, fallback = GENERIC_ERROR): string {
  if (body && typeof body === 'object' && 'errors' in body) {
    const { errors } = body as { errors: unknown };
    if (Array.isArray(errors) && typeof errors[0] === 'string' && errors[0].trim()) return errors[0];
  }
  return fallback;
}

/** A 503: the server is preparing what was asked (a read model an upgrade is rebuilding); it comes back by itself. */
export function isBeingPrepared(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503;
}

/** The message to show for anything a call threw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return GENERIC_ERROR;
}

export interface RequestOptions {
  body?: unknown;
  /** Send the session's CSRF token (all non-GET calls except sign-in and password reset). */
  csrf?: boolean;
  /** A 401 means "sign in again" everywhere except on the sign-in call itself. */
  redirectOnUnauthorized?: boolean;
  signal?: AbortSignal;
  /** Sees the response before its body is read (for a header the body does not carry). */
  onResponse?: (response: Response) => void;
}

interface ApiHooks {
  csrfToken: () => string | null | undefined;
  onUnauthorized: () => void;
}

const hooks: ApiHooks = { csrfToken: () => null, onUnauthorized: () => undefined };

/** Wired once at start-up, so this module knows neither the store nor the router. */
export function configureApi(next: Partial<ApiHooks>): void {
  Object.assign(hooks, next);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function apiRequest<T>(method: string, url: string, options: RequestOptions = {}): Promise<T> {
  const { body, csrf = method !== 'GET', redirectOnUnauthorized = true, signal, onResponse } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  if (csrf) {
    const token = hooks.csrfToken();
    if (token) headers['X-CSRF-Token'] = token;
  }

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: payload, credentials: 'same-origin', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, [NETWORK_ERROR]);
  }

  onResponse?.(response);
  const data = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && redirectOnUnauthorized) hooks.onUnauthorized();
    const fallback = response.status >= 500 ? 'Something went wrong on our side. Please try again.' : GENERIC_ERROR;
    const errors = data && typeof data === 'object' && 'errors' in data ? (data as { errors: string[] }).errors : [];
    throw new ApiError(response.status, errors.length ? errors : [firstError(data, fallback)]);
  }
  return data as T;
}

export const api = {
  get: <T>(url: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', url, options),
  post: <T = MutationResult>(url: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', url, { ...options, body }),
  patch: <T = MutationResult>(url: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', url, { ...options, body }),
  put: <T = MutationResult>(url: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', url, { ...options, body }),
  delete: <T = MutationResult>(url: string, options?: RequestOptions) => apiRequest<T>('DELETE', url, options),
};

export interface MutationResult<D = unknown> {
  success: true;
  data?: D;
}

/** A multipart body with one file under the field name the server expects (`File`). */
export function fileForm(file: File): FormData {
  const form = new FormData();
  form.append('File', file);
  return form;
}
