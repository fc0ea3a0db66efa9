import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZFail } from './http.ts';

// The OpenAPI document as a contract a client generator can use (decision 024): every operation
// gets a stable camelCase operationId and lists every failure status it can answer, added here
// once instead of in each route.

const camel = (text: string) => text.replace(/[-_.]+([a-z0-9])/gi, (_, c: string) => c.toUpperCase());
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * `getMeetingsByIdSessions` for `GET /api/v2/meetings/:id/sessions`: the method, then each path
 * segment (a parameter as `By` + its name). Unique because method and path are, and stable
 * while the path stays; a route may set its own `schema.operationId`.
 */
export const operationIdOf = (method: string, url: string) =>
  method.toLowerCase() +
  url
    .replace(/^\/api(\/v\d+)?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `By${capital(camel(segment.slice(1)))}` : capital(camel(segment))))
    .join('');

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The failure statuses any route of this shape can answer, whatever its handler does: 400 for a
 * malformed request (a NUL, bad JSON, too deep, bad percent-encoding), 401/403 without a session
 * or a workspace, 404/414 for path ids, 413/415 for bodies, 500 always.
 */
export const commonFailures = (method: string, url: string, isPublic: boolean): number[] => {
  const statuses = [400, 500];
  if (url.startsWith('/api/v2/') && !isPublic) statuses.push(401, 403);
  if (url.includes(':')) statuses.push(404, 414);
  if (BODY_METHODS.has(method)) statuses.push(413, 415);
  return statuses;
};

const FILE_RESPONSE = {
  description: 'The file itself (its type in the Content-Type header)',
  content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
};

const ZUpload = z.object({ file: z.string().meta({ format: 'binary', description: 'The file' }) });

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route?: RouteOptions };

/** @fastify/swagger's `transform`: the zod transform, after adding operationId and failure statuses. */
export const openApiTransform = (input: TransformInput) => {
  const { url, route } = input;
  const schema = input.schema ?? {};
  if (schema.hide || !route) return jsonSchemaTransform(input);
  const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
  const isPublic = route.config?.public === true;
  const response = { ...((schema as FastifySchema & { response?: Record<string, unknown> }).response ?? {}) };
  for (const status of commonFailures(method, url, isPublic)) response[status] ??= ZFail;
  // A route that sends a file (an export, an attachment) has no JSON success schema.
  if (!Object.keys(response).some((status) => status.startsWith('2'))) response[200] = FILE_RESPONSE;
  const consumes = (schema as { consumes?: string[] }).consumes ?? [];
  const withFailures = {
    ...schema,
    // An upload is read by its handler, not validated by a body schema; the document still
    // describes it, so a client generator knows the field.
    ...(consumes.includes('multipart/form-data') && !schema.body ? { body: ZUpload } : {}),
    // A public route needs no bearer token: the document says so (the default asks for one).
    ...(isPublic && !('security' in schema) ? { security: [] } : {}),
    operationId: (schema as { operationId?: string }).operationId ?? operationIdOf(method, url),
    response,
  };
  return jsonSchemaTransform({ ...input, schema: withFailures });
};
