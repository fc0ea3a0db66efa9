import type { TokenKind } from './tokens.schemas.ts';

/** Real-time payloads of API tokens: no secret, no name; the lists reload. */
export interface TokensEvents {
  /** A token was created or revoked: to its person (personal) or to the workspace's admins (workspace). */
  'apiTokens.changed': { kind: TokenKind };
}

declare module '../../shared/realtime.ts' {
  interface RealtimeEventMap extends TokensEvents {}
}
