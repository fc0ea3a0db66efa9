import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SuccessEnvelope } from '../shared/errors.ts';

// Helpers every route uses, so that the envelope is written in one place.

/** The response schema of a successful call whose result is `result`. */
export const success = <T extends z.ZodType>(result: T) => z.object({ status: z.literal('success'), result });

/** The failure envelope, for the OpenAPI document (its named schema `Fail`). */
export const ZFail = z
  .object({
    status: z.literal('fail'),
    message: z.string().meta({ description: 'What went wrong, in words a person understands' }),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'A message per field, when fields are at fault' }),
    requestId: z.string().optional().meta({ description: 'On a 500: the id to quote, also in the log' }),
  })
  .meta({ id: 'Fail', description: 'Every failure: `status` is always `fail`' });

/** A 400: the envelope whose `errors` names each field at fault (none for malformed JSON). */
export const ZValidationFail = z
  .object({
    status: z.literal('fail'),
    message: z.string().meta({ description: "The one field's message, or a summary when several are at fault" }),
    errors: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'Field path (dotted, e.g. `items.0.title`) → its message; absent for malformed JSON' }),
  })
  .meta({ id: 'ValidationFail', description: 'A request the server cannot accept as it is (400)' });

/** Wraps a service's result in the success envelope. */
export const ok = <T>(result: T): SuccessEnvelope<T> => ({ status: 'success', result });

/** The failure answers a route's handler may give; the common ones are added by openapi.ts. */
export const failures = (...statuses: (400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429)[]) =>
  Object.fromEntries(statuses.map((status) => [status, status === 400 ? ZValidationFail : ZFail])) as Record<
    number,
    typeof ZFail
  >;

/** Sends a file as a download named `fileName` (exports: PDF, CSV, XLSX, zip), never cached. */
export const sendDownload = (reply: FastifyReply, body: unknown, contentType: string, fileName: string) =>
  reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);

/**
 * Cache-Control of an answer whose address changes with its content (pictures at a hashed
 * address): a browser keeps it for a year and never asks again.
 */
export const IMMUTABLE_CACHE = 'private, max-age=31536000, immutable';

/** The documented answers of a route that answers with `sendStoredImage` (with `produces: ['image/*']`). */
export const storedImageAnswers = {
  200: z.any().describe('The picture (its type in the Content-Type header)'),
  304: z.undefined().describe('Not modified: If-None-Match named the current ETag'),
  ...failures(404),
};

/**
 * Answers a stored picture at a hashed address (photos, logos): cacheable for good, its hash as
 * ETag (a matching If-None-Match is 304), and sandboxed so an image can never run as a page.
 */
export const sendStoredImage = (
  request: FastifyRequest,
  reply: FastifyReply,
  image: { mimeType: string; bytes: Buffer; hash: string },
) => {
  const etag = `"${image.hash}"`;
  reply
    .header('cache-control', IMMUTABLE_CACHE)
    .header('etag', etag)
    .header('content-security-policy', "default-src 'none'; sandbox");
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.header('content-type', image.mimeType).send(image.bytes);
};
