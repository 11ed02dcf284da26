import { API_BASE, CSRF_HEADER, MESSAGES, type TFieldErrors } from '@strata/shared';
import { clearSession, getAccessToken, getCsrfToken, setCsrfToken } from './auth-store';
import { appEvents } from './events';
import { getNavigator } from './navigation';
import { LOGIN_PATH, languageOf, localePath, loginPath, stripLanguage } from './paths';
import { systemStore } from './system-store';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Anything with a zod-like `parse` (the schemas of @strata/shared). */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export interface ApiRequestOptions<T> {
  method?: HttpMethod;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded; empty and undefined fields are left out. */
  form?: Record<string, string | null | undefined>;
  /** Validates (and types) the success body. */
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
  /** False for calls whose 401 must not end the session and redirect (sign-out itself). */
  redirectOnUnauthorized?: boolean;
  /** False for calls whose caller shows the failure itself (e.g. as a toast): no `http-error` alert as well. */
  emitHttpError?: boolean;
}

/**
 * A failed call. `message` is the general error (a string body, the rate-limit text, or a generic text);
 * `fieldErrors` is set when the body is an object of field name -> message.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: unknown;
  readonly fieldErrors: TFieldErrors | undefined;

  constructor(status: number, body: unknown, message: string) {
    super(message);
    this.status = status;
    this.body = body;
    this.fieldErrors = isFieldErrors(body) ? body : undefined;
  }

  /** No response at all (network failure, server down). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** A not-found answer (404): the thing does not exist, so asking again cannot help (no retry is offered for it). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

const UNSAFE_METHODS = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Statuses the screens deal with themselves rather than through the http-error alert (spec §8). */
const SILENT_STATUSES = new Set([404, 455, 504]);

function isFieldErrors(body: unknown): body is TFieldErrors {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && Object.values(body).every((value) => typeof value === 'string');
}

function buildUrl(path: string, query: ApiRequestOptions<unknown>['query']): URL {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url;
}

/** The absolute URL of an API path (`/uploads` -> `https://host/api/v1/uploads`), for calls made without apiRequest. */
export function apiUrl(path: string, query?: ApiRequestOptions<unknown>['query']): string {
  return buildUrl(path, query).toString();
}

/**
 * The headers every API call carries: the bearer token when signed in, and the latest CSRF token on unsafe
 * methods. For calls that cannot go through apiRequest (XMLHttpRequest uploads that report progress).
 */
export function apiHeaders(method: HttpMethod = 'GET'): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const csrf = getCsrfToken();
  if (csrf && UNSAFE_METHODS.has(method)) headers.set(CSRF_HEADER, csrf);
  return headers;
}

function buildBody(options: ApiRequestOptions<unknown>, headers: Headers): BodyInit | undefined {
  if (options.form) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(options.form)) {
      if (value !== undefined && value !== null && value !== '') params.set(key, value);
    }
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    return params;
  }
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    return JSON.stringify(options.json);
  }
  return undefined;
}

/** A response body as the API means it: JSON when the content type says so (and it parses), otherwise text. */
export function parseBody(text: string, contentType: string | null): unknown {
  if (text === '') return undefined;
  if ((contentType ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text(), response.headers.get('content-type'));
}

function errorMessage(status: number, body: unknown): string {
  if (status === 429) return MESSAGES.rateLimited;
  if (typeof body === 'string' && body.trim() !== '') return body;
  if (isFieldErrors(body)) return Object.values(body)[0] ?? `Request failed with status ${status}`;
  return `Request failed with status ${status}`;
}

/** Any 401 while signed in: end the session and go to login, keeping the page to come back to. */
function onUnauthorized(): void {
  clearSession();
  const navigator = getNavigator();
  const current = navigator.currentPath();
  const lang = languageOf(current);
  const [pathname = '', search = ''] = current.split('?');
  const onLogin = stripLanguage(pathname) === LOGIN_PATH;
  const redirect = onLogin ? (new URLSearchParams(search).get('redirect') ?? undefined) : current;
  navigator.navigate(onLogin && !redirect ? localePath(lang, LOGIN_PATH) : loginPath(lang, redirect), {
    replace: true,
  });
}

/**
 * What every answer tells the client: the CSRF token to send next (when it sent one), and that the server is
 * reachable again (a success). apiRequest uses it; so can calls made without it.
 */
export function noteResponse(ok: boolean, csrfToken: string | null): void {
  if (csrfToken) setCsrfToken(csrfToken);
  if (ok) systemStore.setState({ connected: true });
}

export interface FailedCall {
  method: HttpMethod;
  path: string;
  /** The full URL that was called. */
  url: string;
  /** The access token the call was sent with. */
  token: string | null;
  redirectOnUnauthorized?: boolean;
  /** False: the caller shows the failure itself, no `http-error`. */
  emitHttpError?: boolean;
}

/**
 * The shell's error rules (spec §8) for an answer that is not a success, as an ApiError to throw: status 0
 * (no response) marks the connection lost; a 401 while signed in ends the session; 400 with a string body and
 * 402 and above (except 404, 455, 504) emit `http-error`. apiRequest uses it; so can calls made without it.
 */
export function apiFailure(status: number, body: unknown, call: FailedCall): ApiError {
  if (status === 0) {
    systemStore.setState({ connected: false });
    return new ApiError(0, undefined, MESSAGES.failedToFetch);
  }
  const error = new ApiError(status, body, errorMessage(status, body));
  // Only once per session: a second 401 from the same burst finds the session already gone.
  if (status === 401 && call.token && call.token === getAccessToken() && call.redirectOnUnauthorized !== false) {
    onUnauthorized();
  }
  const generalBadRequest = status === 400 && typeof body === 'string';
  if (call.emitHttpError !== false && (generalBadRequest || (status >= 402 && !SILENT_STATUSES.has(status)))) {
    appEvents.emit('http-error', {
      status,
      message: error.message,
      body,
      method: call.method,
      path: call.path,
      url: call.url,
    });
  }
  return error;
}

/** One call to the API: bearer and CSRF headers, typed errors, and the shell's error rules (spec §8). */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const token = getAccessToken();
  const headers = apiHeaders(method);
  const body = buildBody(options as ApiRequestOptions<unknown>, headers);
  const url = buildUrl(path, options.query);
  const call: FailedCall = {
    method,
    path,
    url: url.toString(),
    token,
    redirectOnUnauthorized: options.redirectOnUnauthorized,
    emitHttpError: options.emitHttpError,
  };

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw apiFailure(0, undefined, call);
  }

  noteResponse(response.ok, response.headers.get(CSRF_HEADER));

  const data = await readBody(response);
  if (response.ok) return options.schema ? options.schema.parse(data) : (data as T);
  throw apiFailure(response.status, data, call);
}
