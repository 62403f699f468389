// A scripted OpenAI-compatible chat-completions server on 127.0.0.1, for tests, benchmarks and offline demos.
// The requested model name picks the behaviour, so parallel tests never share state:
//   auto | ok            a valid extraction built from the numbered units in the prompt (the demo default)
//   fenced               the same, wrapped in a ```json fence
//   slow-<ms>            valid, streamed in chunks over <ms> milliseconds
//   not-json | not-json-once      prose instead of JSON (always | only on a batch's first attempt)
//   schema-invalid       JSON with an unknown node type
//   paraphrase           quotes that are not verbatim
//   dup-ids              duplicate node ids
//   forged-endpoint      valid, but the source node of the first edge quotes words the text does not hold
//   gullible             valid, but the model reads the source only up to the first SOURCE…>>> marker, whatever its
//                        tag: a model fooled by a source that closes its frame (test/worker/frame-closing.test.ts)
//   stall                sends one chunk, then never finishes the stream
//   hang                 accepts the request and never answers
//   429 | 429-once | 500 | 500-once   HTTP errors (always | on a batch's first call)
//   review               the coverage review's answer adds evidenced, forged and rewriting nodes (scripted-review.mjs);
//                        every other scenario answers a review prompt with nothing to add
// The same behaviours answer the Anthropic Messages API at …/v1/messages (streamed).
// Anything after "@" is a free label (e.g. "ok@test-3") to keep call logs apart.
// Control: GET /__calls?model=…  (recorded requests), GET /__stats, POST /__reset.
// Run standalone: node test/support/scripted-llm.mjs [--port 8790]
import http from 'node:http';
import { imagePartCount, transcriptionFor } from './scripted-vision.mjs';
import { pathToFileURL } from 'node:url';
import { answerReplyFor, isAnswerPrompt } from './scripted-answers.mjs';
import { trustPromptKind, trustReplyFor } from './scripted-trust.mjs';
import { factCheckReplyFor, isFactCheckPrompt } from './scripted-fact-check.mjs';
import { LINE_SEPARATORS, frameText } from './scripted-frame.mjs';
import { isReviewPrompt, reviewReplyFor } from './scripted-review.mjs';

const UNIT_LINE = /^\[(\d+)\] (.*)$/;

export function startScriptedLlm({ port = 0, host = '127.0.0.1' } = {}) {
  const calls = [];
  const firstCalls = new Map();
  const stats = { inFlight: 0, maxInFlight: 0, requests: 0, promptChars: 0, serviceMs: 0 };
  const hanging = new Set();

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (req.method === 'GET' && url.pathname === '/__calls') {
      const model = url.searchParams.get('model');
      return json(
        res,
        200,
        calls.filter((c) => !model || c.model === model),
      );
    }
    if (req.method === 'GET' && url.pathname === '/__stats') return json(res, 200, stats);
    if (req.method === 'POST' && url.pathname === '/__reset') {
      calls.length = 0;
      firstCalls.clear();
      Object.assign(stats, { inFlight: 0, maxInFlight: 0, requests: 0, promptChars: 0, serviceMs: 0 });
      return json(res, 200, { ok: true });
    }
    if (req.method === 'GET' && url.pathname.endsWith('/models')) {
      return json(res, 200, { object: 'list', data: [{ id: 'auto', object: 'model' }] });
    }
    const anthropic = req.method === 'POST' && url.pathname.endsWith('/messages');
    if (!anthropic && (req.method !== 'POST' || !url.pathname.endsWith('/chat/completions'))) {
      return json(res, 404, { error: { message: 'not found' } });
    }

    const body = JSON.parse(await readBody(req));
    const model = String(body.model ?? 'auto');
    const system = anthropic
      ? contentText(body.system ?? '')
      : (body.messages?.find((m) => m.role === 'system')?.content ?? '');
    const user =
      body.messages
        ?.filter((m) => m.role === 'user')
        .map((m) => contentText(m.content))
        .join('\n') ?? '';
    // Vision models ("vision", "vision-slow-800", "vision-refuse-images"): the behaviour after "vision-" (default ok).
    const scenario = model.startsWith('vision')
      ? model.split('@')[0].replace(/^vision-?/, '') || 'ok'
      : model.split('@')[0];
    const units = parseUnits(user, scenario === 'gullible');
    const retry = user.includes('Problems in your previous answer');
    const batchKey = `${model}#${units[0]?.n ?? 0}`;
    const firstCall = !firstCalls.has(batchKey);
    firstCalls.set(batchKey, (firstCalls.get(batchKey) ?? 0) + 1);
    const call = {
      model,
      api: anthropic ? 'anthropic' : 'openai',
      stream: body.stream === true,
      responseFormat: body.response_format ?? null,
      authorized: Boolean(req.headers.authorization || req.headers['x-api-key']),
      system,
      user,
      units: units.map((u) => u.n),
      // Image parts in the request (OpenAI image_url, Anthropic image): only a transcription call may carry them.
      images: imagePartCount(body.messages),
      retry,
      at: Date.now(),
      done: null,
    };
    calls.push(call);
    stats.requests++;
    stats.promptChars += system.length + user.length;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    res.on('close', () => {
      stats.inFlight--;
      call.done = Date.now();
      stats.serviceMs += call.done - call.at;
    });

    if (scenario === 'hang') {
      hanging.add(res);
      return;
    }
    if (scenario === '429' || (scenario === '429-once' && firstCall)) {
      return json(res, 429, { error: { message: 'rate limited', type: 'rate_limit' } }, { 'retry-after': '0' });
    }
    if (scenario === '500' || (scenario === '500-once' && firstCall))
      return json(res, 500, { error: { message: 'boom' } });
    if (call.images > 0) {
      // A provider that takes no images refuses the content itself; a vision model answers the transcription JSON.
      if (scenario === 'refuse-images')
        return json(res, 400, { error: { message: 'This model does not support image input.' } });
      const transcript = transcriptionFor(user, call.images, scenario);
      const delay = scenario.startsWith('slow-') ? Number(scenario.slice(5)) || 0 : 0;
      if (anthropic) return streamAnthropic(res, model, transcript);
      if (body.stream) return stream(res, model, transcript, { latency: delay, stall: false });
      return json(res, 200, completion(model, transcript));
    }

    // Answer prompts (POST /answers) get the scripted answers of scripted-answers.mjs, under the same scenarios.
    // Review, verifier and question prompts (issue 11) get the replies of scripted-trust.mjs.
    // Coverage review prompts (issue 29) get the replies of scripted-review.mjs.
    const trustKind = isReviewPrompt(system) ? null : trustPromptKind(system);
    // Fact-check judge prompts (issue 14) get the replies of scripted-fact-check.mjs.
    const content = isReviewPrompt(system)
      ? reviewReplyFor(scenario, user)
      : trustKind
        ? trustReplyFor(trustKind, model, user)
        : isFactCheckPrompt(system)
          ? factCheckReplyFor(model, user)
          : isAnswerPrompt(user)
            ? answerReplyFor(scenario, user)
            : replyFor(scenario, units, retry);
    const latency = scenario.startsWith('slow-') ? Number(scenario.slice(5)) || 0 : 0;
    if (anthropic) return streamAnthropic(res, model, content);
    if (body.stream) return stream(res, model, content, { latency, stall: scenario === 'stall' });
    if (latency) await sleep(latency);
    return json(res, 200, completion(model, content));
  });

  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const address = server.address();
      resolve({
        url: `http://${host}:${address.port}/v1`,
        port: address.port,
        calls: (model) => calls.filter((c) => !model || c.model === model),
        stats,
        close: () =>
          new Promise((done) => {
            for (const res of hanging) res.destroy();
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

function replyFor(scenario, units, retry) {
  if (scenario === 'not-json' || (scenario === 'not-json-once' && !retry))
    return 'I am sorry, but I cannot produce JSON for this text.';
  const graph = extractionFor(units);
  if (scenario === 'schema-invalid') graph.nodes = graph.nodes.map((n) => ({ ...n, type: 'opinion' }));
  if (scenario === 'paraphrase')
    graph.nodes = graph.nodes.map((n) => ({ ...n, quote: `In other words, ${n.quote.toLowerCase()}` }));
  if (scenario === 'dup-ids') graph.nodes = graph.nodes.map((n) => ({ ...n, id: 'n1' }));
  if (scenario === 'forged-endpoint') {
    const forged = graph.nodes.find((n) => n.id === graph.edges[0]?.fromNodeId);
    if (forged) forged.quote = `${forged.quote.replace(/[.。]$/u, '')}, as every survey has proved.`;
  }
  const text = JSON.stringify(graph);
  return scenario === 'fenced' ? `\`\`\`json\n${text}\n\`\`\`` : text;
}

/** Key terms a real model would name as concepts again in every batch that mentions them (with variation). */
const TERMS =
  /\b(?:knowledge graphs?|content units?|checkpoints?|layout engine|pipeline)\b|知识图谱|内容单元|检查点/giu;

/**
 * A plausible answer: one node per unit (its first sentence, quoted verbatim), `infers` where a unit opens with a
 * cue, and a concept node for each key term as it is written in the unit (so batches repeat concepts).
 */
export function extractionFor(units) {
  const nodes = [];
  const edges = [];
  for (const unit of units) {
    const seen = new Set();
    for (const match of unit.text.matchAll(TERMS)) {
      if (seen.has(match[0])) continue;
      seen.add(match[0]);
      nodes.push({
        id: `n${nodes.length + 1}`,
        type: 'concept',
        text: match[0],
        paragraph: unit.n,
        quote: match[0],
        confidence: 0.9,
      });
    }
    const sentence = (unit.text.match(/^.*?[.!?。！？](?=\s|$)/u)?.[0] ?? unit.text).slice(0, 300).trim();
    if (!sentence) continue;
    const id = `n${nodes.length + 1}`;
    nodes.push({ id, type: typeFor(sentence), text: sentence, paragraph: unit.n, quote: sentence, confidence: 0.8 });
    const previous = nodes
      .slice(0, -1)
      .reverse()
      .find((n) => n.type !== 'concept');
    if (previous && previous.paragraph === unit.n - 1 && /^(therefore|thus|hence|因此|所以)/iu.test(sentence)) {
      edges.push({ fromNodeId: previous.id, toNodeId: id, relation: 'infers', paragraph: unit.n, quote: sentence });
    }
  }
  return { summary: `A scripted extraction of ${units.length} units.`, nodes, edges };
}

function typeFor(sentence) {
  if (/is defined as|refers to|是指|所谓/i.test(sentence)) return 'definition';
  if (/for example|for instance|例如|比如/i.test(sentence)) return 'example';
  if (/\b(must|should)\b|必须|应当/i.test(sentence)) return 'rule';
  if (/^(therefore|thus|hence)|因此|所以/i.test(sentence)) return 'inference';
  if (/\b(may|might|usually|often)\b|可能|通常/i.test(sentence)) return 'claim';
  return 'fact';
}

/** The `[n] text` lines of the prompt's SOURCE frame, read as a naive model reads them (scripted-frame.mjs). */
function parseUnits(user, gullible) {
  const source = frameText(user, 'SOURCE', { gullible });
  if (source === null) return [];
  return source
    .split(LINE_SEPARATORS)
    .map((line) => UNIT_LINE.exec(line))
    .filter(Boolean)
    .map((m) => ({ n: Number(m[1]), text: m[2] }));
}

async function stream(res, model, content, { latency, stall }) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const pieces = stall ? [content.slice(0, 20)] : chunk(content, 8);
  const delay = latency / Math.max(1, pieces.length);
  // Each chunk is due at a fixed time from the start, so that timer lateness on a busy machine does not add up:
  // the answer ends `latency` after the request, as close as the event loop allows.
  const started = Date.now();
  for (let i = 0; i < pieces.length; i++) {
    if (res.destroyed) return;
    res.write(`data: ${JSON.stringify(chunkBody(model, { content: pieces[i] }, null))}\n\n`);
    if (delay) await sleep(started + (i + 1) * delay - Date.now());
  }
  if (stall) return; // never ends: the client's deadline must cut it off
  res.write(`data: ${JSON.stringify(chunkBody(model, {}, 'stop'))}\n\n`);
  res.end('data: [DONE]\n\n');
}

/** The Anthropic Messages streaming format: message_start, one text block in deltas, message_stop. */
function streamAnthropic(res, model, content) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  send('message_start', {
    message: {
      id: 'msg_scripted',
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      usage: { input_tokens: 1, output_tokens: 0 },
    },
  });
  send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
  for (const piece of chunk(content, 8))
    send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } });
  send('content_block_stop', { index: 0 });
  send('message_delta', {
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: content.length },
  });
  send('message_stop', {});
  res.end();
}

function chunk(text, count) {
  const size = Math.max(1, Math.ceil(text.length / count));
  const out = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length ? out : [''];
}

const chunkBody = (model, delta, finish) => ({
  id: 'chatcmpl-scripted',
  object: 'chat.completion.chunk',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [{ index: 0, delta, finish_reason: finish }],
});

const completion = (model, content) => ({
  id: 'chatcmpl-scripted',
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
});

function contentText(content) {
  return typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((p) => p.text ?? '').join('')
      : '';
}

function json(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (d) => (data += d));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--port');
  const port = at > 0 ? Number(process.argv[at + 1]) : 8790;
  const llm = await startScriptedLlm({ port });
  console.log(`scripted OpenAI-compatible server: ${llm.url} (model "auto" answers every batch)`);
}
