import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NestingTooDeepError, toCamelKeys } from '../shared/case.ts';
import { MAX_INPUT_DEPTH } from '../shared/constants.ts';
import { badRequest } from '../shared/errors.ts';
import { findNul } from '../shared/validation.ts';
import { serverMessages } from './server.messages.ts';

// Checks every request's input once, before any route's schema sees it (decision 024), so that
// malformed input is a 400 in the envelope and never reaches a service or PostgreSQL.

const nulError = (field: string) => badRequest({ [field]: serverMessages.nulCharacter }, serverMessages.nulCharacter);

/** Keys to camelCase (the original client sends snake_case), at most MAX_INPUT_DEPTH deep. */
const camelCased = (value: unknown, field: string) => {
  try {
    return toCamelKeys(value, MAX_INPUT_DEPTH);
  } catch (error) {
    if (!(error instanceof NestingTooDeepError)) throw error;
    const message = serverMessages.nestedTooDeep(MAX_INPUT_DEPTH);
    throw badRequest({ [field]: message }, message);
  }
};

/** The keys a route's zod body schema knows (through a transform's input side), or null. */
const bodyKeys = (schema: unknown): string[] | null => {
  const zod = schema as { shape?: Record<string, unknown>; def?: { type?: string; in?: unknown } } | undefined;
  if (zod?.shape && typeof zod.shape === 'object') return Object.keys(zod.shape);
  if (zod?.def?.type === 'pipe') return bodyKeys(zod.def.in);
  return null;
};

/**
 * An update (PATCH, PUT) whose body names none of the fields the route knows (`{}`, or only
 * unknown keys, which are ignored) is the caller's mistake, said as such — not an empty UPDATE
 * that the database refuses, nor a "partial" update that resets fields to their defaults.
 */
const checkSomethingToSet = (request: FastifyRequest) => {
  if (request.method !== 'PATCH' && request.method !== 'PUT') return;
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const keys = bodyKeys(request.routeOptions.schema?.body);
  if (keys && !keys.some((key) => Object.hasOwn(body, key)))
    throw badRequest({ body: serverMessages.noValuesToSet }, serverMessages.noValuesToSet);
};

export const registerInputChecks = (app: FastifyInstance) => {
  // PostgreSQL refuses NUL in text: a header carrying one (x-client-id is published, tokens are
  // looked up) is refused before authentication.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string' ? value.includes('\u0000') : value?.some((v) => v.includes('\u0000')))
        throw nulError(name);
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.body && typeof request.body === 'object') request.body = camelCased(request.body, 'body');
    if (request.query && typeof request.query === 'object') request.query = camelCased(request.query, 'query');
    const nul = findNul(request.params, 'params') ?? findNul(request.query, '') ?? findNul(request.body, '');
    if (nul !== null) throw nulError(nul);
    checkSomethingToSet(request);
  });
};
