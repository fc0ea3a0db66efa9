import type { FastifyInstance } from 'fastify';
import type { CreatedToken, TokenKind } from '../src/features/tokens/tokens.schemas.ts';
import { client, type SignedUp } from './factories.ts';

// API tokens in tests (decision 093): made through the real API, used through `app.inject`.

export interface MadeToken extends CreatedToken {
  /** A client that calls with the token's secret. */
  api: ReturnType<typeof client>;
}

const pathOf = (kind: TokenKind) => (kind === 'personal' ? '/self/api-tokens' : '/api-tokens');

/** `person` makes a token of `kind` with `scopes` (and whatever else `extra` says). */
export const makeToken = async (
  app: FastifyInstance,
  person: SignedUp,
  scopes: string[],
  {
    kind = 'personal',
    name = `Token ${scopes.join(' ')}`.slice(0, 60),
    ...extra
  }: { kind?: TokenKind; name?: string } & Record<string, unknown> = {},
): Promise<MadeToken> => {
  const answer = await person.api.post<CreatedToken>(pathOf(kind), { name, scopes, ...extra });
  if (answer.status !== 201) throw new Error(`token not made: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { ...answer.body.result, api: client(app, answer.body.result.secret) };
};
