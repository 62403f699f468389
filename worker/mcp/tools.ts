// The MCP tools (issue 30): what an agent can do with kg-workbench, each a call of the Worker's own HTTP API made
// in-process with the agent's credential (worker/mcp/api-call.ts), so every access rule, limit and typed error of
// the API holds for tools too — there is no second set of rules. Descriptions are written for a model: what the tool
// is for, what it returns, what to call next.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { INSIGHT_TYPES } from '../../core/insights';
import { NODE_TYPES, RELATIONS } from '../../core/schema/vocabulary';
import type { ApiCall } from './api-call';

const DocumentId = z.string().min(1).max(100).describe('The document id (from extract or list_documents).');
const Lang = z.enum(['en', 'zh']).optional().describe('The language of the answer (default: the document’s).');

/** A tool's answer: the API's JSON (or Markdown) as text, marked as an error when the API refused. */
type ToolAnswer = { content: { type: 'text'; text: string }[]; isError?: boolean };

export function registerTools(server: McpServer, api: ApiCall): void {
  const answer = async (path: string, init?: Parameters<ApiCall>[1]): Promise<ToolAnswer> => {
    const res = await api(path, init);
    return { content: [{ type: 'text', text: res.text }], ...(res.ok ? {} : { isError: true }) };
  };

  server.registerTool(
    'list_documents',
    {
      title: 'List documents',
      description:
        'The knowledge-graph documents this credential can read, newest first (items: documentId, title, revision, node and relation counts). Call it to find a documentId. On a Worker without API keys, documents are listed by the capabilities you hold: pass the writeCapability values extract returned.',
      inputSchema: {
        limit: z.number().int().min(1).max(100).optional(),
        capabilities: z.array(z.string().min(1).max(200)).max(100).optional(),
      },
    },
    async ({ limit, capabilities }) =>
      answer(`/api/documents?limit=${limit ?? 20}`, capabilities?.length ? { capabilities } : {}),
  );

  server.registerTool(
    'extract',
    {
      title: 'Extract a knowledge graph',
      description:
        'Turn a text (a chapter, a manual, notes; up to 1,000,000 characters) or an agent trace into a knowledge graph whose every node and relation quotes the source verbatim. Returns { documentId, taskId }: the extraction runs in the background; poll task_status until it succeeded, then use graph_query, ask, get_insights or quick_check. Give exactly one of text, traceFile or traceEvents.',
      inputSchema: {
        text: z.string().min(1).optional().describe('The source text.'),
        traceFile: z
          .string()
          .min(1)
          .optional()
          .describe(
            'An agent trace file as text: OpenAI chat messages, Anthropic messages or kg-workbench events, JSON or JSON Lines.',
          ),
        traceEvents: z
          .array(z.record(z.string(), z.unknown()))
          .optional()
          .describe('Trace events: { seq, kind: user|assistant|tool_call|tool_result, text, name? }.'),
        title: z.string().max(200).optional(),
        model: z.string().optional().describe('A model id from the Worker’s models; default: its default extractor.'),
      },
    },
    async ({ text, traceFile, traceEvents, title, model }) => {
      const given = [text, traceFile, traceEvents].filter((v) => v !== undefined).length;
      if (given !== 1)
        return {
          content: [{ type: 'text', text: 'Give exactly one of text, traceFile or traceEvents.' }],
          isError: true,
        };
      const extra = { ...(title ? { title } : {}), ...(model ? { model } : {}) };
      if (text !== undefined) return answer('/api/documents', { method: 'POST', json: { text, ...extra } });
      return answer('/api/traces', {
        method: 'POST',
        json: traceFile !== undefined ? { file: { text: traceFile }, ...extra } : { events: traceEvents, ...extra },
      });
    },
  );

  server.registerTool(
    'task_status',
    {
      title: 'Task status',
      description:
        'The state of an extraction, append or answer task: status (queued, running, succeeded, failed, cancelled), progress and warnings; a failed task carries a typed error.',
      inputSchema: { taskId: z.string().min(1).max(100) },
    },
    async ({ taskId }) => answer(`/api/tasks/${encodeURIComponent(taskId)}`),
  );

  server.registerTool(
    'graph_query',
    {
      title: 'Query the graph',
      description:
        'Find the nodes of a document that match a query (words, ids, types, relations) with their neighbourhood and verbatim evidence, ranked, bounded. Use it before answering from the graph yourself.',
      inputSchema: {
        documentId: DocumentId,
        query: z.string().max(600).optional(),
        types: z.array(z.enum(NODE_TYPES)).max(8).optional(),
        relations: z.array(z.enum(RELATIONS)).max(12).optional(),
        limit: z.number().int().min(1).max(40).optional(),
        hops: z.number().int().min(0).max(2).optional(),
      },
    },
    async ({ documentId, ...body }) =>
      answer(`/api/documents/${encodeURIComponent(documentId)}/query`, { method: 'POST', json: body }),
  );

  server.registerTool(
    'node_neighbourhood',
    {
      title: 'A node and its neighbourhood',
      description:
        'One node by its id with the nodes and relations around it (one or two hops) and their evidence: to follow a thread of the graph from a node graph_query returned.',
      inputSchema: {
        documentId: DocumentId,
        nodeId: z.string().min(1).max(100),
        hops: z.number().int().min(0).max(2).optional(),
      },
    },
    async ({ documentId, nodeId, hops }) =>
      answer(`/api/documents/${encodeURIComponent(documentId)}/query`, {
        method: 'POST',
        json: { nodeIds: [nodeId], hops: hops ?? 1 },
      }),
  );

  server.registerTool(
    'ask',
    {
      title: 'Ask the graph',
      description:
        'Answer a question only from the document’s cited evidence: every part of the answer cites node, relation or source evidence; when the evidence does not hold an answer the status says insufficient instead of guessing. Waits for the answer (up to about 50 s; otherwise returns the task to poll with task_status).',
      inputSchema: { documentId: DocumentId, question: z.string().min(1).max(600), model: z.string().optional() },
    },
    async ({ documentId, question, model }) => {
      const started = await api(`/api/documents/${encodeURIComponent(documentId)}/answers`, {
        method: 'POST',
        json: { question, ...(model ? { model } : {}) },
      });
      if (!started.ok) return { content: [{ type: 'text', text: started.text }], isError: true };
      const taskId = (started.json as { taskId?: string }).taskId;
      for (let i = 0; taskId && i < 100; i++) {
        const task = await api(`/api/tasks/${encodeURIComponent(taskId)}`);
        const status = (task.json as { status?: string } | undefined)?.status;
        if (!task.ok || (status !== 'queued' && status !== 'running')) {
          const result = (task.json as { result?: unknown } | undefined)?.result;
          return {
            content: [{ type: 'text', text: result === undefined ? task.text : JSON.stringify(result) }],
            ...(task.ok && status === 'succeeded' ? {} : { isError: true }),
          };
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      return answer(`/api/tasks/${encodeURIComponent(taskId ?? '')}`);
    },
  );

  server.registerTool(
    'get_insights',
    {
      title: 'Insights',
      description:
        'The insight engine’s findings about a document as Markdown: tensions, bridges, gaps and the like, each with its attribution profile (node evidence, relation evidence, counter-evidence, a score). Filter by type and minimum score.',
      inputSchema: {
        documentId: DocumentId,
        type: z.enum(INSIGHT_TYPES).optional(),
        minScore: z.number().min(0).max(1).optional(),
        lang: Lang,
      },
    },
    async ({ documentId, type, minScore, lang }) => {
      const q = new URLSearchParams({ format: 'markdown' });
      if (type) q.set('type', type);
      if (minScore !== undefined) q.set('minScore', String(minScore));
      if (lang) q.set('lang', lang);
      return answer(`/api/documents/${encodeURIComponent(documentId)}/insights?${q}`);
    },
  );

  server.registerTool(
    'quick_check',
    {
      title: 'Quick check',
      description:
        'Deterministic checks of a document’s graph (no model): quotes found verbatim in their units, dangling or self-looping relations, type and relation rules, duplicates, isolated nodes, coverage. Returns the report with each issue in words.',
      inputSchema: { documentId: DocumentId, lang: Lang },
    },
    async ({ documentId, lang }) =>
      answer(`/api/documents/${encodeURIComponent(documentId)}/verify`, {
        method: 'POST',
        json: { mode: 'quick' },
        lang,
      }),
  );
}
