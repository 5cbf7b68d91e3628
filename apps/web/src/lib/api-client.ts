import { API_BASE, apiPath } from '@clearport/contract/paths';
import { FETCH_TIMEOUT_MS, REQUEST_KEY_HEADER } from '@clearport/contract/constants';
import { SIGN_IN_TEXTS } from '@clearport/contract/sign-in-texts';
import { paths } from '../config/paths.ts';
import { loadPage } from './browser-location.ts';
import { clearSession, getSessionToken } from './session.ts';
import { noteSessionUse } from './session-activity.ts';
import {
  hasUnsavedInput,
  isAnotherUsersSession,
  noteOtherUser,
  noteSessionEnded,
  sessionEndedCalls,
} from './session-ended.ts';

/** A failed call: the HTTP status (0 when no answer came) and the server's message for people. */
export class ApiError extends Error {
  readonly status: number;
  readonly field?: string;
  readonly errors: string[];

  constructor(status: number, message: string, details: { field?: string; errors?: string[] } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = details.field;
    this.errors = details.errors ?? [];
  }

  /**
   * The refusal in its own words, as a form shows it: its first error (the spec's text where it has
   * one), else the message, which for a refused field begins with the field's name.
   */
  get text(): string {
    return this.errors[0] ?? this.message;
  }
}

/** Anything that checks a reply's shape, such as a zod schema of the contract. */
type Parser<T> = { parse: (data: unknown) => T };

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `:name` segments of the path. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /**
   * Calls marked "no token" in the spec (login, forgot and reset password, a link's exchange) pass
   * false: no bearer header, and a 401 is an answer for the form rather than an ended session.
   * Every call sends the cookies of this origin (the session's HttpOnly one among them).
   */
  isAuthenticated?: boolean;
  schema?: Parser<T>;
  signal?: AbortSignal;
  /** How the reply is read: JSON (checked by `schema`), or the bytes of a stored file. */
  responseType?: 'json' | 'blob';
  /** Longer than FETCH_TIMEOUT_MS for calls that carry files, which take longer on a slow line. */
  timeoutMs?: number;
  /** Names the change, so that sending it again after a lost answer does not make it twice (useRequestKey). */
  requestKey?: string;
};

function urlOf(path: string, options: Pick<RequestOptions<unknown>, 'params' | 'query'>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return `${API_BASE}${apiPath(path, options.params)}${query ? `?${query}` : ''}`;
}

async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { message?: unknown; field?: unknown; errors?: unknown };
    const message = typeof body.message === 'string' && body.message ? body.message : SIGN_IN_TEXTS.genericError;
    return new ApiError(response.status, message, {
      field: typeof body.field === 'string' ? body.field : undefined,
      errors: Array.isArray(body.errors) ? body.errors.filter((each) => typeof each === 'string') : undefined,
    });
  } catch {
    return new ApiError(response.status, SIGN_IN_TEXTS.genericError);
  }
}

/**
 * The session has ended on the server (logged out elsewhere, ended from another device, or unused
 * too long): forget it here. A page whose form was being saved (`isWrite`), or holds input not yet
 * saved, stays as it is and says so (SessionEndedDialog); any other starts again from the login
 * page, which opens this page after it.
 */
function endSession(isWrite: boolean, sentToken: string | undefined): void {
  // Answered after a sign-in in another tab: the session that ended is not the one the cookies hold now.
  if (getSessionToken() !== sentToken) return;
  clearSession();
  const { pathname, search } = window.location;
  if (pathname === paths.login.path) return;
  if (isWrite || hasUnsavedInput() || sessionEndedCalls() > 0) {
    noteSessionEnded();
    return;
  }
  loadPage(paths.login.getHref(pathname === paths.home.path && !search ? undefined : `${pathname}${search}`));
}

async function readBlob(response: Response): Promise<Blob> {
  try {
    return await response.blob();
  } catch {
    throw new ApiError(0, SIGN_IN_TEXTS.genericError);
  }
}

/** Calls the API under `/api` with JSON in and out (or a stored file out); throws an ApiError on any failure. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const isAuthenticated = options.isAuthenticated ?? true;
  // FormData (an upload) sets its own multipart content type; anything else travels as JSON.
  const isFormData = options.body instanceof FormData;
  const headers: Record<string, string> = { accept: options.responseType === 'blob' ? '*/*' : 'application/json' };
  if (options.body !== undefined && !isFormData) headers['content-type'] = 'application/json';
  // The cookies are another user's now: this page would read and save as them.
  if (isAuthenticated && isAnotherUsersSession()) {
    noteOtherUser();
    throw new ApiError(409, SIGN_IN_TEXTS.otherUserSignedIn);
  }
  const token = isAuthenticated ? getSessionToken() : undefined;
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.requestKey) headers[REQUEST_KEY_HEADER] = options.requestKey;

  const timeout = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  let response: Response;
  try {
    response = await fetch(urlOf(path, options), {
      method,
      headers,
      body:
        options.body === undefined || isFormData
          ? (options.body as FormData | undefined)
          : JSON.stringify(options.body),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
      credentials: 'same-origin',
    });
  } catch (error) {
    // A caller's own abort (a query being cancelled) is not a failure to report.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, SIGN_IN_TEXTS.genericError);
  }

  if (!response.ok) {
    if (response.status === 401 && isAuthenticated) endSession(method !== 'GET', token);
    throw await errorOf(response);
  }
  if (isAuthenticated) noteSessionUse();
  if (response.status === 204) return undefined as T;
  if (options.responseType === 'blob') return readBlob(response) as Promise<T>;
  const text = await response.text();
  try {
    const data: unknown = text ? JSON.parse(text) : undefined;
    return options.schema ? options.schema.parse(data) : (data as T);
  } catch {
    // A reply that is not what the contract says is a server fault, reported like any other.
    throw new ApiError(response.status, SIGN_IN_TEXTS.genericError);
  }
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Options<T>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  /** A DELETE may carry a JSON body (delete_doc names the file by its path). */
  delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Whether a failure is the server's answer with one of these statuses. */
export function hasStatus(failure: unknown, ...statuses: number[]): failure is ApiError {
  return failure instanceof ApiError && statuses.includes(failure.status);
}

/** The text to show for a failed call: the server's message, or the generic one. */
export function failureText(failure: unknown): string {
  return failure instanceof ApiError ? failure.message : SIGN_IN_TEXTS.genericError;
}
