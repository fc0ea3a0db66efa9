import { messages } from './messages.ts';

/** Field name → message, as sent in the `errors` member of a failure envelope. */
export type FieldErrors = Record<string, string>;

export type ErrorCode =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'unavailable'
  | 'internal';

const statusOf: Record<ErrorCode, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  unavailable: 503,
  internal: 500,
};

/** An error whose message is safe to show to the user; services throw these. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  /** Set on a 429: how many seconds until trying again can work (the Retry-After header). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, errors?: FieldErrors, retryAfterSeconds?: number) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = statusOf[code];
    this.errors = errors;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const badRequest = (errors: FieldErrors, message: string = messages.validationFailed) =>
  new AppError('validation', message, errors);
export const unauthorized = (message: string = messages.unauthorized) => new AppError('unauthorized', message);
export const forbidden = (message: string = messages.forbidden) => new AppError('forbidden', message);
export const notFound = (message: string = messages.notFound) => new AppError('not_found', message);
export const conflict = (message: string = messages.conflict, errors?: FieldErrors) =>
  new AppError('conflict', message, errors);
/** 410: what was there has been removed for good (an expired export). */
export const gone = (message: string) => new AppError('gone', message);
export const payloadTooLarge = (message: string, errors?: FieldErrors) =>
  new AppError('payload_too_large', message, errors);
export const unsupportedMediaType = (message: string = messages.unsupportedMediaType) =>
  new AppError('unsupported_media_type', message);
export const tooManyRequests = (message: string = messages.tooManyRequests, retryAfterSeconds?: number) =>
  new AppError('too_many_requests', message, undefined, retryAfterSeconds);

/** The JSON body of every failed API call. */
export interface FailEnvelope {
  status: 'fail';
  message: string;
  errors?: FieldErrors;
  requestId?: string;
}

/** The JSON body of every successful API call. */
export interface SuccessEnvelope<T> {
  status: 'success';
  result: T;
}
