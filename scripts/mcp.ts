import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { mcpMessages } from '../src/features/mcp/mcp.messages.ts';
import { httpApi } from '../src/features/mcp/server/mcp.api.ts';
import { buildMcpServer } from '../src/features/mcp/server/mcp.tools.ts';

// `npm run mcp`: Cadence's MCP server over stdio, for a desktop assistant that starts it as a
// command. Its tools call a running Cadence at CADENCE_URL with the API token CADENCE_TOKEN, so
// the token's scopes and its person's rights apply as they do at /mcp.

const url = process.env.CADENCE_URL;
const token = process.env.CADENCE_TOKEN;
if (!url || !token?.startsWith('cad_')) {
  process.stderr.write(`${mcpMessages.stdioNeedsToken}\n`);
  process.exit(2);
}
const server = buildMcpServer(httpApi(url, token), '2');
await server.connect(new StdioServerTransport());
