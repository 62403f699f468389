// Scripted replies of the test model server for the trust loop (issue 11): the model review, its verifier pass and
// questions. The prompt kind is told by the system prompt (core/review/prompt.ts, core/questions/prompt.ts); the
// behaviour by the model's label after "@" (e.g. "ok@review-forged"). Replies are built from the units and the
// subgraph in the prompt, so a test knows which issue is genuine and which is forged without knowing ids upfront.
//   review-forged      for the first node: a genuine issue (its own quote), a forged one (a quote that is in no unit),
//                      one below the confidence floor, one on a node that does not exist; every node's entailment
//                      judged: the first "unsupported", the rest "verified". The verifier keeps everything.
//   review-verifier    two genuine issues per batch, titled "KEEP …" and "DROP …"; the verifier keeps only KEEP.
//   review-verifier-broken   as review-verifier, but the verifier answers prose (every candidate is then kept).
//   question-supported-fix   verdict supported with an update_node fix on the target (the host must drop the fix)
//   question-contradicted-fix  verdict contradicted with the same fix (kept), one genuine and one forged quote
// Any scenario "not-json" answers prose.
import { frameJson } from './scripted-frame.mjs';

const KINDS = [
  ['review', /^You review a knowledge graph/],
  ['verifier', /^You double-check candidate issues/],
  ['question', /^You answer a reader's question/],
];

export function trustPromptKind(system) {
  return KINDS.find(([, re]) => re.test(system))?.[0] ?? null;
}

const FORGED = 'This sentence appears nowhere in the source text.';

export function trustReplyFor(kind, model, user) {
  const [scenario, label = ''] = model.split('@');
  if (scenario === 'not-json') return 'I am sorry, I cannot answer in JSON.';
  if (kind === 'verifier') return verifierReply(label, user);
  const graph = frameJson(user, 'SUBGRAPH') ?? { nodes: [], edges: [] };
  const first = graph.nodes[0];
  if (kind === 'question') return JSON.stringify(questionReply(label, first));
  return JSON.stringify(reviewReply(label, graph, first));
}

function reviewReply(label, graph, first) {
  if (!first) return { issues: [], entailment: [] };
  const genuine = [{ paragraph: first.paragraph, quote: first.quote }];
  const issue = (id, title, evidence, confidence = 0.9, targetId = first.id) => ({
    id,
    severity: 'warning',
    category: 'type',
    targetKind: 'node',
    targetId,
    title,
    detail: `${title} (scripted)`,
    evidence,
    confidence,
    proposedFix: { action: 'none' },
  });
  if (label.startsWith('review-verifier')) {
    return {
      issues: [issue('i1', 'KEEP this confirmed issue', genuine), issue('i2', 'DROP this unconfirmed issue', genuine)],
      entailment: [],
    };
  }
  return {
    issues: [
      issue('i1', 'GENUINE issue with a verbatim quote', genuine),
      issue('i2', 'FORGED issue citing text not in the source', [{ paragraph: first.paragraph, quote: FORGED }]),
      issue('i3', 'LOW confidence issue', genuine, 0.5),
      issue('i4', 'MISSING target issue', genuine, 0.9, 'no-such-node'),
    ],
    entailment: graph.nodes.map((n, i) => ({ nodeId: n.id, status: i === 0 ? 'unsupported' : 'verified' })),
  };
}

function verifierReply(label, user) {
  if (label === 'review-verifier-broken') return 'Sorry, no JSON today.';
  const candidates = frameJson(user, 'CANDIDATES') ?? [];
  const keep = label.startsWith('review-verifier') ? candidates.filter((c) => c.title.startsWith('KEEP')) : candidates;
  return JSON.stringify({ kept: keep.map((c) => ({ id: c.id, note: 'confirmed by the source' })) });
}

function questionReply(label, first) {
  const fix = first
    ? { action: 'update_node', nodePatch: { id: first.id, patch: { text: `${first.text} (revised)` } } }
    : { action: 'none' };
  const evidence = first
    ? [
        { paragraph: first.paragraph, quote: first.quote },
        { paragraph: first.paragraph, quote: FORGED },
      ]
    : [];
  if (label === 'question-contradicted-fix')
    return {
      verdict: 'contradicted',
      answer: 'The challenge holds: the node overstates its source.',
      evidence,
      proposedFix: fix,
    };
  return { verdict: 'supported', answer: 'The graph states what the source says.', evidence, proposedFix: fix };
}
