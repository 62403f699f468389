// /mcp: a remote MCP server (Streamable HTTP, stateless: one server per request, JSON answers) built with the
// official TypeScript SDK's web-standard transport, which runs in workerd as in Node. Its tools (worker/mcp/tools.ts)
// call the Worker's own API with the caller's credential; without a valid one, where the API asks for one, the
// request is refused before any tool runs (the /mcp path passes resolvePrincipal like /api/*).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { Hono } from 'hono';
import type { AppEnv } from '../lib/http';
import { apiCallFor } from '../mcp/api-call';
import { registerTools } from '../mcp/tools';

export function mcpRoutes(app: Hono<AppEnv>) {
  return new Hono<AppEnv>().all('/', async (c) => {
    // Ajv (the SDK's default validator) compiles with new Function, which workerd forbids: @cfworker/json-schema does not.
    const server = new McpServer(
      { name: 'kg-workbench', version: c.env.KG_VERSION ?? '0.0.0' },
      { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
    );
    registerTools(server, apiCallFor(app, c));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    return transport.handleRequest(c.req.raw);
  });
}
