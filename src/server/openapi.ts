import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZFail, ZValidationFail } from './http.ts';

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
 * malformed request (a NUL, bad JSON, too deep, bad percent-encoding), 408/431 from Node's HTTP
 * parser (a request too slow, headers too large), 401/403 without a session or a workspace (or
 * a scope), 429 for an API token over its rate,
 * 404/414 for path ids, 413/415 for bodies, 500 always.
 */
export const commonFailures = (method: string, url: string, isPublic: boolean): number[] => {
  const statuses = [400, 408, 431, 500];
  // 429: an API token over its rate (decision 093) on any call that needs a session.
  if (url.startsWith('/api/v2/') && !isPublic) statuses.push(401, 403, 429);
  if (url.includes(':')) statuses.push(404, 414);
  if (BODY_METHODS.has(method)) statuses.push(413, 415);
  return statuses;
};

/** A file answer of the given types; failures of the same route stay JSON (the envelope). */
const fileResponse = (types: string[], declared?: z.ZodType) => ({
  description: declared?.description ?? 'The file itself (its type in the Content-Type header)',
  content: Object.fromEntries(
    // The media types without their parameters (`text/csv; charset=utf-8` is `text/csv`).
    [...new Set(types.length > 0 ? types.map((type) => type.split(';')[0]?.trim()) : ['application/octet-stream'])].map(
      (type) => [type, { schema: z.string().meta({ format: 'binary' }) }],
    ),
  ),
});

const REDIRECTS = new Set(['301', '302', '303', '307', '308']);

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
  for (const status of commonFailures(method, url, isPublic))
    response[status] ??= status === 400 ? ZValidationFail : ZFail;
  // A route that sends a file (an export, an attachment) has no JSON success schema; its
  // `produces` names the file's types for the success only: its failures are the JSON envelope.
  const { produces = [], ...rest } = schema as FastifySchema & { produces?: string[] };
  const statuses = Object.keys(response);
  const answersSomething = statuses.some((status) => status.startsWith('2') || REDIRECTS.has(status));
  if (!answersSomething) response[200] = fileResponse(produces);
  else if (produces.length > 0)
    for (const status of statuses.filter((s) => s.startsWith('2')))
      if (response[status] instanceof z.ZodType) response[status] = fileResponse(produces, response[status]);
  const consumes = (schema as { consumes?: string[] }).consumes ?? [];
  const withFailures = {
    ...rest,
    // An upload is read by its handler, not validated by a body schema; the document still
    // describes it, so a client generator knows the field.
    ...(consumes.includes('multipart/form-data') && !schema.body ? { body: ZUpload } : {}),
    // A public route needs no bearer token: the document says so (the default asks for one).
    ...(isPublic && !('security' in schema) ? { security: [] } : {}),
    operationId: (schema as { operationId?: string }).operationId ?? operationIdOf(method, url),
    response,
  };
  const transformed = jsonSchemaTransform({ ...input, schema: withFailures });
  const answers = (transformed.schema as { response?: Record<string, { description?: string }> }).response ?? {};
  // A redirect has no body: `type: 'null'` makes @fastify/swagger leave its content out.
  for (const status of Object.keys(answers).filter((s) => s.startsWith('3')))
    answers[status] = { type: 'null', description: answers[status]?.description ?? 'No body' } as never;
  return transformed;
};

type Json = unknown;
type Schemas = Record<string, Json>;

const typeOf = (schema: Json, components: Schemas, depth = 0): unknown => {
  if (schema === null || typeof schema !== 'object' || depth > 5) return undefined;
  const { type, $ref } = schema as { type?: unknown; $ref?: unknown };
  if (typeof $ref === 'string')
    return typeOf(components[$ref.replace('#/components/schemas/', '')], components, depth + 1);
  return type;
};

/**
 * Two OpenAPI 3.0 tidy-ups of what zod writes, over the whole document (the named schemas are
 * known then). `nullable` is allowed only beside a `type`: a nullable union (`'' | date | null`)
 * or a nullable named schema (`{ nullable, allOf: [$ref] }`) gets the type its branches share
 * (Redocly's nullable-type-sibling; Ajv asks the same). An `allOf` of one schema and nothing
 * beside it is that schema. Both accept the same values as before.
 */
export const tidySchemas = <T extends Json>(value: T, components: Schemas): T => {
  if (Array.isArray(value)) return value.map((item) => tidySchemas(item, components)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, Json> = {};
  for (const [key, child] of Object.entries(value)) out[key] = tidySchemas(child, components);
  const branches = (out.anyOf ?? out.oneOf ?? out.allOf) as Json[] | undefined;
  if (out.nullable === true && out.type === undefined && Array.isArray(branches)) {
    const types = new Set(branches.map((branch) => typeOf(branch, components)));
    const [only] = types;
    if (types.size === 1 && typeof only === 'string') out.type = only;
  }
  if (Array.isArray(out.allOf) && out.allOf.length === 1 && Object.keys(out).length === 1) return out.allOf[0] as T;
  return out as T;
};

const refsIn = (value: Json, found: Set<string>) => {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.add(child.replace('#/components/schemas/', ''));
      else refsIn(child, found);
    }
  return found;
};

/**
 * @fastify/swagger's `transformObject`: the named schemas (zod `.meta({ id })`) as components.
 * The provider writes each name twice, as read (`MeetingInput`) and as answered (`Meeting`);
 * only the ones the operations use, directly or through another schema, are kept.
 */
export const openApiTransformObject = (input: Parameters<typeof jsonSchemaTransformObject>[0]) => {
  type Document = { paths?: Json; components?: { schemas?: Record<string, Json> } };
  const document = jsonSchemaTransformObject(input) as Document;
  const schemas = document.components?.schemas ?? {};
  const used = refsIn(document.paths, new Set());
  for (let grown = true; grown; ) {
    const before = used.size;
    for (const name of [...used]) refsIn(schemas[name], used);
    grown = used.size > before;
  }
  const kept = Object.fromEntries(
    Object.keys(schemas)
      .filter((name) => used.has(name))
      .sort()
      .map((name) => [name, tidySchemas(schemas[name], schemas)]),
  );
  return {
    ...document,
    paths: tidySchemas(document.paths, schemas),
    components: { ...document.components, schemas: kept },
  } as ReturnType<typeof jsonSchemaTransformObject>;
};
