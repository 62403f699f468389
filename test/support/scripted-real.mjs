// How real models answer, as scenarios of the scripted server (issue 29): the answer wrapped (a <think> block, prose
// around a fence, two objects), reasoning streamed beside an empty answer (DeepSeek's reasoning_content), a stop at
// the token limit (finish_reason "length"), a 400 for response_format or for a prompt past the context window, and
// 429/503 with Retry-After. `realBehaviour` answers the request itself (an HTTP error) or says how to stream it.
//   think | thinking       a <think>/<thinking> block (holding a JSON-looking draft) before the JSON
//   prose                  a sentence, the JSON in a ```json fence, another sentence
//   prose-two              prose with two JSON objects in it (an error: which one is the answer?)
//   reasoning              reasoning_content deltas (with a forged draft graph), then the JSON as content
//   reasoning-empty[-once] reasoning_content only, the content empty (always | on a batch's first attempt)
//   length-<n>             a batch of more than n units: the JSON cut in the middle, finish_reason "length"
//   json-refused           400 "response_format is not supported" whenever response_format is sent
//   context-<chars>        400 context_length_exceeded when the units hold more than <chars> characters
//   429-wait-<s> | 503-wait-<s>   that status with Retry-After: <s> on a batch's first call, then the answer
//   429-wait-<s>-always    that status with Retry-After: <s> on every call
//   quoteless              nodes leave out a quote equal to their text (the cheaper answer the prompt allows), and
//                          one node per batch words its text freely with no quote (nothing verbatim to check)

/** Whether a scenario is one of these. */
export function isRealScenario(scenario) {
  return /^(think|thinking|prose|prose-two|reasoning|reasoning-empty(-once)?|length-\d+|json-refused|context-\d+|(429|503)-wait-\d+(-always)?|quoteless)$/.test(
    scenario,
  );
}

/**
 * What to do for a request: `{ status, body, headers }` to answer with an HTTP error, or `{ content, reasoning,
 * finish }` to stream (content wrapped as the scenario wraps it). `graph` is the clean answer (an object).
 */
export function realBehaviour(scenario, { graph, units, responseFormat, firstCall, retry }) {
  const text = JSON.stringify(graph);
  const wait = /^(429|503)-wait-(\d+)(-always)?$/.exec(scenario);
  if (wait && (wait[3] || firstCall)) {
    const message = wait[1] === '429' ? 'Rate limit reached, retry later.' : 'The server is overloaded.';
    return { status: Number(wait[1]), body: { error: { message } }, headers: { 'retry-after': wait[2] } };
  }
  if (scenario === 'json-refused' && responseFormat) {
    return {
      status: 400,
      body: {
        error: {
          message: "response_format of type 'json_object' is not supported by this model",
          type: 'invalid_request_error',
        },
      },
    };
  }
  const context = /^context-(\d+)$/.exec(scenario);
  const chars = units.reduce((sum, u) => sum + u.text.length, 0);
  if (context && chars > Number(context[1])) {
    return {
      status: 400,
      body: {
        error: {
          message: `This model's maximum context length is ${context[1]} tokens. However, your messages resulted in ${chars} tokens. Please reduce the length of the messages.`,
          type: 'invalid_request_error',
          code: 'context_length_exceeded',
        },
      },
    };
  }
  const length = /^length-(\d+)$/.exec(scenario);
  if (length && units.length > Number(length[1]))
    return { content: text.slice(0, Math.floor(text.length / 2)), finish: 'length' };
  const draft = JSON.stringify({
    summary: 'draft',
    nodes: [
      {
        id: 'n1',
        type: 'fact',
        text: 'A forged draft node.',
        paragraph: units[0]?.n ?? 1,
        quote: 'A forged draft node.',
      },
    ],
    edges: [],
  });
  switch (scenario) {
    case 'think':
    case 'thinking':
      return {
        content: `<${scenario}>\nThe units say things {like this}. A first draft: ${draft}\nNo, better:\n</${scenario}>\n\n${text}`,
      };
    case 'prose':
      return {
        content: `Here is the knowledge graph for these units:\n\n\`\`\`json\n${text}\n\`\`\`\n\nEvery quote is copied from its unit.`,
      };
    case 'prose-two':
      return { content: `A first attempt: ${draft}\n\nAnd the graph: ${text}` };
    case 'quoteless': {
      const nodes = graph.nodes.map(({ quote, ...n }) => (quote === n.text ? n : { ...n, quote }));
      const free = {
        id: `n${nodes.length + 1}`,
        type: 'claim',
        text: 'Rivers are the finest feature of any landscape.',
        paragraph: units[0]?.n ?? 1,
      };
      return { content: JSON.stringify({ ...graph, nodes: [...nodes, free] }) };
    }
    case 'reasoning':
      return { reasoning: `Let me think. ${draft} is a draft.`, content: text };
    case 'reasoning-empty':
    case 'reasoning-empty-once':
      if (scenario === 'reasoning-empty' || !retry) return { reasoning: `Thinking it through: ${text}`, content: '' };
      return { content: text };
    default:
      return { content: text };
  }
}
