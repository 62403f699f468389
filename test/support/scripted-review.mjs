// The scripted model's answers to the explanation-coverage review (core/extract/review-prompt.ts). Every scenario but
// "review" finds nothing missing (an empty addition), so that a review call never changes another test's graph.
// "review" answers as a diligent but careless model: for each hinted point an evidenced node linked to the unit's
// first node, plus a node with a forged quote and one that reuses an existing id (a rewrite), which the admission
// must drop; for each diagram hint the relation it names as an edge between the existing nodes it mentions.
import { LINE_SEPARATORS, frameText } from './scripted-frame.mjs';

const MARK = 'You look for points a knowledge-graph extraction left out.';

export const isReviewPrompt = (system) => system.startsWith(MARK);

export function reviewReplyFor(scenario, user) {
  if (scenario !== 'review') return JSON.stringify({ summary: '', nodes: [], edges: [] });
  const units = new Map(
    lines(user, 'SOURCE')
      .map((l) => /^\[(\d+)\] (.*)$/.exec(l))
      .filter(Boolean)
      .map((m) => [Number(m[1]), m[2]]),
  );
  const nodes = lines(user, 'NODES')
    .map((l) => /^(\S+) \((\w+), \[(\d+|\?)\]\): (.*)$/.exec(l))
    .filter(Boolean)
    .map((m) => ({ id: m[1], type: m[2], paragraph: Number(m[3]), text: m[4] }));
  const hints = lines(user, 'HINTS')
    .map((l) => /^- \[(\d+)\] ([^:]+): (.*)$/.exec(l))
    .filter(Boolean)
    .map((m) => ({ unit: Number(m[1]), what: m[2], excerpt: m[3] }));
  const out = { summary: '', nodes: [], edges: [] };
  for (const hint of hints) {
    const unit = units.get(hint.unit) ?? '';
    if (hint.what.startsWith('a diagram relation')) {
      const ends = nodes.filter((n) => n.paragraph === hint.unit && n.type === 'concept' && unit.includes(n.text));
      ends.sort((a, b) => unit.indexOf(a.text) - unit.indexOf(b.text));
      if (ends.length >= 2)
        for (const relation of ['contains', 'causes'])
          out.edges.push({
            fromNodeId: ends[0].id,
            toNodeId: ends[1].id,
            relation,
            paragraph: hint.unit,
            quote: hint.excerpt,
          });
      continue;
    }
    const id = `r${out.nodes.length + 1}`;
    out.nodes.push({ id, type: 'rule', text: hint.excerpt, paragraph: hint.unit, quote: hint.excerpt });
    const anchor = nodes.find((n) => n.paragraph === hint.unit && n.type !== 'concept');
    if (anchor)
      out.edges.push({ fromNodeId: id, toNodeId: anchor.id, relation: 'not_is', paragraph: hint.unit, quote: unit });
  }
  if (hints.length > 0) {
    const at = hints[0].unit;
    out.nodes.push({
      id: `r${out.nodes.length + 1}`,
      type: 'claim',
      text: 'Every cache is always right.',
      paragraph: at,
      quote: 'Every cache is always right, as all surveys prove.',
    });
    if (nodes[0])
      out.nodes.push({ ...nodes[0], text: `Not so: ${nodes[0].text}`, quote: units.get(nodes[0].paragraph) ?? '' });
  }
  return JSON.stringify(out);
}

function lines(user, tag) {
  const block = frameText(user, tag, {});
  return block === null ? [] : block.split(LINE_SEPARATORS);
}
