// The MCP server at /mcp as an agent meets it: the official TypeScript SDK's client over Streamable HTTP against a
// real `wrangler dev`, lists every tool and calls each on an English and a Chinese document; on a Worker that asks
// for a credential, without one it is refused, with the API token it works.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStateDir, removeState, startDev, stopDev, type Dev } from './harness';

const TOKEN = 'mcp-test-token-0123456789';
const TEXTS = {
  en: [
    '# Edge caches',
    'An edge cache is a store of responses kept close to readers. A cache hit is fast because the response does not travel far.',
    'A stale response may be served after the origin changed. Therefore a short lifetime keeps responses fresh.',
  ].join('\n\n'),
  zh: [
    '# 边缘缓存',
    '边缘缓存是存放在读者附近的响应副本。缓存命中很快，因为响应不必远距离传输。',
    '源站更新后，缓存可能返回过期的响应。因此，较短的有效期可以让响应保持新鲜。',
  ].join('\n\n'),
};
const TOOLS = [
  'ask',
  'extract',
  'get_insights',
  'graph_query',
  'list_documents',
  'node_neighbourhood',
  'quick_check',
  'task_status',
];

let open: Dev | undefined;
let keyed: Dev | undefined;
const states: string[] = [];

async function connect(base: string, token?: string): Promise<Client> {
  const client = new Client({ name: 'kg-workbench-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : undefined,
  });
  await client.connect(transport);
  return client;
}

/** A tool's text answer, parsed when it is JSON. */
async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as {
    content: { type: string; text: string }[];
    isError?: boolean;
  };
  const text = result.content.map((c) => c.text).join('');
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { text, json, isError: result.isError === true };
}

async function extracted(client: Client, text: string) {
  const started = await call(client, 'extract', { text });
  expect(started.isError, started.text).toBe(false);
  for (let i = 0; i < 120; i++) {
    const task = await call(client, 'task_status', { taskId: started.json.taskId });
    if (task.json.status === 'succeeded')
      return { documentId: started.json.documentId as string, capability: started.json.writeCapability as string };
    expect(['queued', 'running']).toContain(task.json.status);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the extraction did not finish');
}

beforeAll(async () => {
  states.push(newStateDir(), newStateDir());
  [open, keyed] = await Promise.all([startDev(states[0]!, {}), startDev(states[1]!, { KG_API_TOKEN: TOKEN })]);
}, 180_000);

afterAll(async () => {
  await Promise.all([stopDev(open), stopDev(keyed)]);
  for (const s of states) removeState(s);
});

describe('the MCP server', () => {
  it('lists every tool, with descriptions written for a model', async () => {
    const client = await connect(open!.base);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(60);
      expect(tool.inputSchema.type).toBe('object');
    }
    await client.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`calls every tool on a ${lang} document`, async () => {
      const client = await connect(open!.base);
      const { documentId, capability } = await extracted(client, TEXTS[lang]);
      // Open mode: the documents listed are the ones whose capabilities the agent holds.
      const listed = await call(client, 'list_documents', { capabilities: [capability] });
      expect(listed.json.items.map((d: { documentId: string }) => d.documentId)).toEqual([documentId]);

      const query = await call(client, 'graph_query', { documentId, query: lang === 'en' ? 'cache' : '缓存' });
      expect(query.isError, query.text).toBe(false);
      expect(query.json.matches.length).toBeGreaterThan(0);
      const nodeId = query.json.matches[0].nodeId as string;

      const around = await call(client, 'node_neighbourhood', { documentId, nodeId });
      expect(around.isError, around.text).toBe(false);
      expect(JSON.stringify(around.json)).toContain(nodeId);

      const asked = await call(client, 'ask', {
        documentId,
        question: lang === 'en' ? 'Why is a cache hit fast?' : '为什么缓存命中很快？',
      });
      expect(asked.isError, asked.text).toBe(false);
      expect(['answered', 'insufficient']).toContain(asked.json.status);
      if (asked.json.status === 'answered') expect(asked.json.citations.length).toBeGreaterThan(0);

      const insights = await call(client, 'get_insights', { documentId, lang });
      expect(insights.isError, insights.text).toBe(false);
      expect(insights.text).toMatch(/^#/m);

      const check = await call(client, 'quick_check', { documentId, lang });
      expect(check.isError, check.text).toBe(false);
      expect(check.json.report).toBeDefined();

      // A trace through the same tool.
      const trace = await call(client, 'extract', {
        traceEvents: [
          { seq: 1, kind: 'user', text: lang === 'en' ? 'Is the cache warm?' : '缓存热了吗？' },
          { seq: 2, kind: 'tool_result', text: lang === 'en' ? 'The hit rate is 97 %.' : '命中率为 97%。' },
        ],
      });
      expect(trace.isError, trace.text).toBe(false);
      expect(trace.json.events.accepted).toBe(2);

      // The API's typed errors come back as tool errors, never a crash.
      const missing = await call(client, 'graph_query', { documentId: 'no-such-document', query: 'x' });
      expect(missing.isError).toBe(true);
      expect(missing.json.error.code).toBe('not_found');
      await client.close();
    });
  }

  it('refuses a caller without a credential where the API asks for one, and serves the token holder', async () => {
    await expect(connect(keyed!.base)).rejects.toThrow(/401|unauthori[sz]ed/i);
    await expect(connect(keyed!.base, 'wrong-token')).rejects.toThrow(/401|unauthori[sz]ed/i);
    const client = await connect(keyed!.base, TOKEN);
    const { documentId } = await extracted(client, TEXTS.en);
    const listed = await call(client, 'list_documents', {});
    expect(listed.json.items.map((d: { documentId: string }) => d.documentId)).toContain(documentId);
    const query = await call(client, 'graph_query', { documentId, query: 'cache' });
    expect(query.isError, query.text).toBe(false);
    await client.close();
  });
});
