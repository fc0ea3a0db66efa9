import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { BODY_LIMIT_BYTES, REQUEST_ID_HEADER } from '../../shared/constants.ts';
import { AppError, type FailEnvelope, type FieldErrors } from '../../shared/errors.ts';
import { messages } from '../../shared/messages.ts';
import { serverMessages } from '../server.messages.ts';

const fieldName = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';

const send = (reply: FastifyReply, status: number, body: FailEnvelope) => reply.status(status).send(body);

/** Postgres' "unique_violation": two requests raced past a service's own check. */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** The answer to a client error of Fastify's or Node's own, in words a person understands. */
const clientErrorMessage = (status: number, code: string | undefined): string => {
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return serverMessages.invalidJson;
  switch (status) {
    case 404:
      return messages.notFound;
    case 413:
      return serverMessages.bodyTooLarge(BODY_LIMIT_BYTES / 1024);
    case 414:
      return serverMessages.urlTooLong;
    case 415:
      return messages.unsupportedMediaType;
    case 431:
      return serverMessages.headersTooLarge;
    default:
      return serverMessages.badRequest;
  }
};

/**
 * Turns every failure into the `{ status: 'fail', message, errors }` envelope with the status
 * code of ARCHITECTURE.md. Unexpected errors are logged with the request id and answered with
 * that id only — never a stack trace.
 */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id in the path names no record: the same answer as a missing one.
      if (error.validationContext === 'params') return send(reply, 404, { status: 'fail', message: messages.notFound });
      const errors: FieldErrors = {};
      for (const issue of error.validation)
        errors[fieldName(issue.instancePath ?? '')] ??= issue.message ?? messages.invalidValue;
      const first = Object.values(errors)[0];
      const message = Object.keys(errors).length === 1 && first ? first : messages.validationFailed;
      return send(reply, 400, { status: 'fail', message, errors });
    }
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return send(reply, error.status, {
        status: 'fail',
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (isUniqueViolation(error)) return send(reply, 409, { status: 'fail', message: messages.conflict });
    // Fastify's own client errors: malformed JSON, wrong content type, body too large…
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, {
        status: 'fail',
        message: clientErrorMessage(error.statusCode, error.code),
      });
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, {
      status: 'fail',
      message: serverMessages.internalError(request.id),
      requestId: request.id,
    });
  });
};

/**
 * Fastify's `frameworkErrors`: a path that is not valid percent-encoding (400) or a path
 * parameter longer than `maxParamLength` (414), answered before routing, in the envelope.
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  reply.header(REQUEST_ID_HEADER, request.id);
  return send(reply, status, { status: 'fail', message: clientErrorMessage(status, error.code) });
};

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before any route sees them
 * (headers or URL over `maxHeaderSize`: 431; a NUL or other invalid byte in a header, a broken
 * request line: 400), answered in the envelope instead of Node's bare reply.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({
    status: 'fail',
    message: status === 408 ? serverMessages.badRequest : clientErrorMessage(status, error.code),
  } satisfies FailEnvelope);
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
