// The heuristic's own contract, checked independently of how the output was built: verbatim quotes, cue words
// inside edge quotes, ids in document order, no loops or duplicates. Used by the tests and the benchmark.
//
// RELATION_CUE_WORDS is a second opinion, kept by hand on purpose: it must not be built from the cue lexicon
// (cues.ts, phrase-patterns.ts, cue-words.ts), or a wrong word there would be accepted here too. A new cue word is
// added here deliberately, as this file's own judgement that the word carries the relation (contract.test.ts checks
// that this file imports nothing of the lexicon).
import { WIRE_LIMITS } from '../../limits';
import type { ContentUnit, Relation, WireBatch } from '../../schema';

/** Words that may carry each relation; an edge quote must contain one of them (independent of cues.ts, see above). */
export const RELATION_CUE_WORDS: Record<Relation, RegExp> = {
  causes:
    /because|\bsince\b|as a result|due to|thanks to|owing to|cause|lead to|leads to|led to|result in|results in|resulted in|give rise to|gives rise to|gave rise to|trigger|导致|引起|造成|引发|致使|使|contribute|有助于|有利于|促进|as a consequence|for this reason|which makes|which made|which helps|which helped|which leads to|which led to|which causes|which caused|因为|由于|结果|正因如此|正因为|正是因为|正因这样|于是|随之|这会|这将|这就会|这势必/i,
  infers:
    /therefore|thus|hence|consequently|accordingly|\bso\b|this means|which means|in that case|in this case|in which case|in other words|that is to say|put differently|to put it another way|因此|所以|因而|故|从而|可见|这意味着|也就是说|换句话说|换言之/i,
  example:
    /for example|for instance|e\.g\.|to illustrate|such as|including|\bexample\b|\bcase\b|\binstance\b|\billustration\b|例如|比如|譬如|举例|举个例子|例子|案例|实例|范例|例证/i,
  counter_example:
    /however|\bbut\b|\byet\b|whereas|although|though|nevertheless|nonetheless|on the other hand|in contrast|by contrast|by comparison|in comparison|\bothers\b|conversely|但|然而|可是|不过|却|虽然|尽管|虽说|相反|相比之下|与此不同|与之不同|反之|in fact|actually|in reality|事实上|实际上|其实|\bwhile\b|也有人|还有人|另有人|另一些人/i,
  not_is: /\bnot\b|n't|不是|并非|绝非/i,
  is_a: /\bis an? |\bare |kind of|type of|form of|sort of|class of|category of|species of|member of|branch of|subset of|subtype of|kinds of|types of|forms of|一种|一类|属于/i,
  contains:
    /include|contain|comprise|consist|made up of|composed of|part of|divided into|split into|grouped into|classified into|organized into|organised into|分为|分成|划分为|分作|包括|包含|涵盖|组成|构成/i,
  aims_at:
    /^to\b|used to|used for|用于|用来|用以|in order to|so as to|in order that|so that|为了|以便|以求|目的是|旨在/i,
  analogy:
    /like|similar|analogous|akin|resembl|just as|similarly|likewise|in the same way|就像|好比|如同|犹如|同样|同理|类似/i,
  defines:
    /defined|means|meant|refers? to|denotes|called|termed|named|known as|occurs? when|happens? when|arises? when|takes place when|\bis an?\b|\bare an?\b|\bis the\b|\bare the\b|所谓|是指|指的是|是一种|是一类|定义|称为|称作|叫做|叫作|又称|也称|亦称|又叫|也叫|简称/i,
  driven_by: /driven by|depend|rely on|relies on|relied on|驱动|依赖|取决|依靠/i,
  supports:
    /shows|demonstrates|proves|confirms|indicates|suggests|\bwhy\b|\bsign\b|\bsignal\b|\bindication\b|说明|表明|证明|可见|迹象|信号|标志/i,
};

/** Every violation of the heuristic's output contract, as readable strings (empty when all holds). */
export function contractProblems(batch: WireBatch, units: readonly ContentUnit[]): string[] {
  const problems: string[] = [];
  const byN = new Map(units.map((u) => [u.n, u]));
  const ids = new Set<string>();
  let lastParagraph = 0;
  batch.nodes.forEach((node, i) => {
    const where = `node ${node.id}`;
    if (node.id !== `n${i + 1}`) problems.push(`${where}: expected id n${i + 1}`);
    ids.add(node.id);
    const unit = byN.get(node.paragraph);
    if (!unit) problems.push(`${where}: paragraph ${node.paragraph} is not in the batch`);
    if (!node.text || node.text !== node.text.trim() || node.text.length > WIRE_LIMITS.textChars)
      problems.push(`${where}: bad text`);
    if (!node.quote || node.quote !== node.quote.trim() || node.quote.length > WIRE_LIMITS.textChars)
      problems.push(`${where}: bad quote`);
    else if (unit && !unit.text.includes(node.quote))
      problems.push(`${where}: quote not verbatim in unit ${node.paragraph}`);
    if (node.paragraph < lastParagraph) problems.push(`${where}: out of document order`);
    lastParagraph = node.paragraph;
  });
  const edges = new Set<string>();
  batch.edges.forEach((edge, i) => {
    const where = `edge ${i} (${edge.fromNodeId} ${edge.relation} ${edge.toNodeId})`;
    if (!ids.has(edge.fromNodeId) || !ids.has(edge.toNodeId)) problems.push(`${where}: dangling`);
    if (edge.fromNodeId === edge.toNodeId) problems.push(`${where}: self loop`);
    const key = `${edge.fromNodeId}|${edge.toNodeId}|${edge.relation}`;
    if (edges.has(key)) problems.push(`${where}: duplicate`);
    edges.add(key);
    const unit = byN.get(edge.paragraph);
    if (!edge.quote || edge.quote !== edge.quote.trim() || edge.quote.length > WIRE_LIMITS.textChars)
      problems.push(`${where}: bad quote`);
    else if (!unit?.text.includes(edge.quote)) problems.push(`${where}: quote not verbatim in unit ${edge.paragraph}`);
    if (!RELATION_CUE_WORDS[edge.relation].test(edge.quote))
      problems.push(`${where}: quote lacks a ${edge.relation} cue`);
  });
  return problems;
}
