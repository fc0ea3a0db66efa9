import type { FastifyInstance } from 'fastify';
import { API_ROOT } from '../../../shared/constants.ts';

// How the assistant's tools reach Cadence: through its own REST API with the caller's API token,
// so that every rule of the API (scopes, tenancy, rights, limits, attribution) applies as it is.
// In the server, a call is injected into the app; from the stdio process, it goes over HTTP.

/** A refusal of the API, with its status and message (and per-field messages on a 400). */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> | undefined,
  ) {
    super(message);
  }
}

/** One call of the API; its `result`, or an ApiRefusal. */
export type ApiCall = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<T>;

const settle = <T>(status: number, text: string): T => {
  let envelope: { status?: string; result?: unknown; message?: string; errors?: Record<string, string> } = {};
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    throw new ApiRefusal(status, `Cadence answered ${status} without a readable body`, undefined);
  }
  if (status >= 400 || envelope.status !== 'success')
    throw new ApiRefusal(status, envelope.message ?? `Cadence answered ${status}`, envelope.errors);
  return envelope.result as T;
};

/** Calls made inside the server, as if they came from the assistant's address. */
export const injectedApi =
  (app: FastifyInstance, authorization: string, remoteAddress: string): ApiCall =>
  async (method, path, body) => {
    const answer = await app.inject({
      method,
      url: `${API_ROOT}${path}`,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      remoteAddress,
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return settle(answer.statusCode, answer.body);
  };

/** Calls made over HTTP to a running Cadence (the stdio process of a desktop assistant). */
export const httpApi =
  (baseUrl: string, token: string): ApiCall =>
  async (method, path, body) => {
    const answer = await fetch(`${baseUrl.replace(/\/$/, '')}${API_ROOT}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'error',
    });
    return settle(answer.status, await answer.text());
  };
