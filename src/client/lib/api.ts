import { toCamelKeys } from '../../shared/case.ts';
import { API_ROOT, CLIENT_ID_HEADER, REQUEST_ID_HEADER } from '../../shared/constants.ts';
import type { FieldErrors } from '../../shared/errors.ts';
import { messages } from '../../shared/messages.ts';
import { isTwoFactorRequired, TWO_FACTOR_REQUIRED_EVENT } from '../../shared/two-factor.ts';
import { clientMessages } from '../client.messages.ts';
import { showError, showErrorWithDetails } from '../ui/toast.ts';
import { clientId } from './clientId.ts';
import { clearToken, getToken } from './session.ts';

// The one way the client talks to the server. It follows document 1 §8: every failure becomes
// an ApiError and (unless the caller opts out) one toast; a falsy result is returned silently.

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface ApiOptions {
  /** No toast on failure: the caller shows the error itself (e.g. in red inside a dialog). */
  silent?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The message of a 413 that carries none of the server's (e.g. a proxy's size limit on an upload). */
  tooLargeMessage?: string;
}

/** A failed API call. `status` is the HTTP status (200 for a `fail` envelope on a 2xx). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  readonly requestId: string | undefined;
  /** The parsed (camelCased) JSON body, or the raw text when the body was not JSON. */
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown, errors?: FieldErrors, requestId?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.errors = errors;
    this.requestId = requestId;
  }
}

interface Envelope {
  status?: unknown;
  result?: unknown;
  message?: unknown;
  errors?: unknown;
  requestId?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const asFieldErrors = (value: unknown): FieldErrors | undefined => {
  if (!isObject(value)) return undefined;
  const out: FieldErrors = {};
  for (const [field, message] of Object.entries(value)) out[field] = String(message);
  return out;
};

const parseBody = (text: string): { json: boolean; value: unknown } => {
  if (text.trim() === '') return { json: false, value: undefined };
  try {
    return { json: true, value: toCamelKeys(JSON.parse(text)) };
  } catch {
    return { json: false, value: text };
  }
};

/** The lines under "View details": the field errors, the HTTP status and the request id. */
const detailLines = (status: number, errors: FieldErrors | undefined, requestId: string | undefined): string[] => {
  const lines = Object.entries(errors ?? {}).map(([field, message]) => `${field}: ${message}`);
  lines.push(clientMessages.httpStatus(status));
  if (requestId) lines.push(clientMessages.requestId(requestId));
  return lines;
};

/**
 * Calls `url` (a full path such as '/api/health'; `api.*` prefixes API_ROOT) and returns the
 * envelope's `result`, with keys in camelCase. A FormData body is sent as multipart (the browser
 * sets its Content-Type and boundary); any other body as JSON.
 */
export const apiRequest = async <T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: ApiOptions = {},
): Promise<T> => {
  const headers: Record<string, string> = { Accept: 'application/json', [CLIENT_ID_HEADER]: clientId };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  Object.assign(headers, options.headers);

  // Errors without a response (network down, aborted) are rethrown as they are (document 1 §8).
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined || isForm ? body : JSON.stringify(body),
    signal: options.signal,
  });
  const { json, value } = parseBody(await response.text());
  const envelope: Envelope = json && isObject(value) ? value : {};
  const requestId =
    typeof envelope.requestId === 'string'
      ? envelope.requestId
      : (response.headers.get(REQUEST_ID_HEADER) ?? undefined);

  if (!response.ok) {
    // The session is gone or revoked: forget the token (RequireAuth then sends the user to sign in).
    if (response.status === 401) clearToken();
    const serverMessage = typeof envelope.message === 'string' && envelope.message ? envelope.message : undefined;
    const errors = asFieldErrors(envelope.errors);
    // The workspace requires two-factor sign-in (decision 102): the guard shows the enrol screen, no toast.
    if (response.status === 403 && isTwoFactorRequired(errors)) {
      window.dispatchEvent(new Event(TWO_FACTOR_REQUIRED_EVENT));
      throw new ApiError(response.status, serverMessage ?? messages.apiHttpError(403), value, errors, requestId);
    }
    const text = serverMessage
      ? messages.apiFail(serverMessage)
      : response.status === 413 && options.tooLargeMessage
        ? options.tooLargeMessage
        : messages.apiHttpError(response.status);
    if (!options.silent) showErrorWithDetails(text, detailLines(response.status, errors, requestId));
    throw new ApiError(response.status, serverMessage ?? text, value, errors, requestId);
  }

  if (envelope.status === 'fail') {
    const serverMessage = typeof envelope.message === 'string' ? envelope.message : messages.somethingWentWrong;
    if (!options.silent) showError(messages.apiFail(serverMessage));
    throw new ApiError(response.status, serverMessage, value, asFieldErrors(envelope.errors), requestId);
  }

  if (envelope.status !== 'success' || !('result' in envelope)) {
    // A 2xx without an envelope: nothing usable came back.
    if (!options.silent) showError(messages.somethingWentWrong);
    throw new ApiError(response.status, messages.somethingWentWrong, value, undefined, requestId);
  }

  // A falsy result (null, false, 0, '') is returned as it is, with no toast: callers stop there.
  return envelope.result as T;
};

const under = (path: string) => `${API_ROOT}${path.startsWith('/') ? path : `/${path}`}`;

/** Calls under API_ROOT ('/api/v2'): `api.get('/meetings')`. */
export const api = {
  get: <T = unknown>(path: string, options?: ApiOptions) => apiRequest<T>('GET', under(path), undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: ApiOptions) =>
    apiRequest<T>('POST', under(path), body, options),
  patch: <T = unknown>(path: string, body?: unknown, options?: ApiOptions) =>
    apiRequest<T>('PATCH', under(path), body, options),
  put: <T = unknown>(path: string, body?: unknown, options?: ApiOptions) =>
    apiRequest<T>('PUT', under(path), body, options),
  delete: <T = unknown>(path: string, body?: unknown, options?: ApiOptions) =>
    apiRequest<T>('DELETE', under(path), body, options),
  /** Calls outside API_ROOT, such as '/api/health'. */
  raw: apiRequest,
};

/**
 * Sends one file as multipart (field `file`) under API_ROOT, e.g. `sendForm('PUT', '/self/photo',
 * file)`: the same headers, envelope and ApiError as every other call.
 */
export const sendForm = <T = unknown>(method: HttpMethod, path: string, file: File, options?: ApiOptions) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<T>(method, under(path), form, options);
};
