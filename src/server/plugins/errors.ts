import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FailEnvelope, type FieldErrors } from '../../shared/errors.ts';
import { messages } from '../../shared/messages.ts';

const fieldName = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';

const send = (reply: FastifyReply, status: number, body: FailEnvelope) => reply.status(status).send(body);

/** Postgres' "unique_violation": two requests raced past a service's own check. */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

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
      return send(reply, error.statusCode, { status: 'fail', message: error.message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, { status: 'fail', message: messages.internalError(request.id), requestId: request.id });
  });
};
