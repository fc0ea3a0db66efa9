import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance } from 'fastify';
import { isApiTokenSecret, resolveApiToken } from '../../tokens/server/tokens.auth.ts';
import { mcpMessages } from '../mcp.messages.ts';
import { injectedApi } from './mcp.api.ts';
import { buildMcpServer } from './mcp.tools.ts';

// The MCP server at /mcp over Streamable HTTP, stateless: each POST is a whole exchange with a
// server of its own, whose tools call the API with the request's API token. No session token:
// an assistant acts only through a token and its scopes.

export const MCP_PATH = '/mcp';
const VERSION = '2';

const jsonRpcError = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null });

/** A JSON-RPC message or a non-empty batch of them: anything else is refused before the SDK sees it. */
const isJsonRpc = (body: unknown): boolean => {
  const one = (message: unknown) =>
    typeof message === 'object' && message !== null && (message as { jsonrpc?: unknown }).jsonrpc === '2.0';
  return Array.isArray(body) ? body.length > 0 && body.every(one) : one(body);
};

export const mcpRoutes = async (app: FastifyInstance) => {
  app.post(MCP_PATH, { schema: { hide: true }, config: { public: true } }, async (request, reply) => {
    const authorization = request.headers.authorization ?? '';
    const secret = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
    if (!isApiTokenSecret(secret) || !(await resolveApiToken(app.database.db, secret)))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(jsonRpcError(-32001, mcpMessages.unauthorized));
    if (!isJsonRpc(request.body)) return reply.status(400).send(jsonRpcError(-32600, 'Invalid Request.'));
    const server = buildMcpServer(injectedApi(app, authorization, request.ip), VERSION);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });
  // Stateless: no stream to open and no session to end.
  for (const method of ['GET', 'DELETE'] as const)
    app.route({
      method,
      url: MCP_PATH,
      schema: { hide: true },
      config: { public: true },
      handler: (_request, reply) =>
        reply.status(405).header('allow', 'POST').send(jsonRpcError(-32000, 'Method not allowed.')),
    });
};
