// Deterministic checks of the semantic contract on a model's batch: hedges kept in the node text, an edge's quote
// stating its relation (not merely mentioning both endpoints), generalisations typed as claims. Problems are fed
// back to the model; an edge whose quote still states no relation after the retries is dropped.
import { CUE_WORDS } from '../extractors/heuristic/cue-words';
import { RELATIONS, type Relation, type WireBatch } from '../schema';
import type { GateFeedback } from './extractor';

const HEDGE =
  /\b(may|might|can|could|usually|often|typically|generally|probably|likely|perhaps|possibly|must|should|if|unless|some|most)\b|可能|也许|或许|通常|往往|一般|大多|多数|必须|应当|应该|如果|假如|若|除非|部分/i;
const GENERALISATION =
  /\b(all|always|every|never|generally|typically|most|in general)\b|所有|一切|总是|从来|一般|通常|往往|凡是/i;

/** The check's own words for each relation, broader than the built-in extractor's cues (stems, the other ways a text
 * can say it). */
const OWN_WORDS: Record<Relation, RegExp> = {
  causes:
    /caus|reason|正因|lead|\bled\b|result|due to|thanks to|owing to|since|\bso\b|therefore|trigger|produc|make|made|effect|consequen|bring|give rise|gives rise|gave rise|contribut|help|导致|引起|造成|使|让|所以|结果|致使|引发|这会|这将|这就会|这势必/i,
  infers:
    /therefore|thus|hence|accordingly|故|\bso\b|consequently|impl|means|suggest|conclu|follows|shows|indicat|in (?:that|this|which) case|in other words|that is to say|put differently|another way|可见|意味|说明|推出|表明|由此/i,
  example: /example|instance|such as|e\.g\.|like|includ|illustrat|case|如|像|举例|例子|案例|实例|范例|例证|以.+为例/i,
  counter_example:
    /however|虽|nonetheless|other hand|contrast|comparison|conversely|\bothers\b|though|whereas|\bwhile\b|despite|except|unlike|contrary|exception|counter|nevertheless|相比|例外|反例|并不|in fact|actually|in reality|不同|也有人|还有人|另有人|另一些人/i,
  not_is: /\bnot\b|\bno\b|never|neither|\bnor\b|n't|unlike|rather than|instead|不|非|没有|而非|并不/i,
  is_a: /\b(is|are|was|were|be)\b|species|kind|type|form|sort|class|categor|member|branch|subset|instance|一种|一类|是/i,
  contains:
    /includ|contain|compris|consist|made up|compos|part|divided|split into|grouped into|classified|organi[sz]ed into|划分|\bhas\b|\bhave\b|with|among|含有|组成|构成|由|有/i,
  aims_at: /in order|so that|so as|\baim|goal|purpose|intend|\bto\b|\bfor\b|目的|目标|为/i,
  analogy: /like|same way|as if|as though|similar|analog|akin|resembl|just as|compar|likewise|类似|像|仿佛|同样/i,
  defines: /defin|refer|denot|nam|称|\bmean|call|term|known as|\bwhen\b|\bis\b|\bare\b|指|定义|叫|即|是/i,
  driven_by:
    /driv|motivat|fuel|power|push|propel|because|due to|depend|rely on|relies on|relied on|由于|驱动|推动|受|促使|取决/i,
  supports:
    /because|since|evidence|show|suggest|support|data|stud|accord|confirm|prove|demonstrat|indicat|given|\bwhy\b|\bsign\b|signal|迹象|信号|标志|说明|表明|证明|支持|根据|因为|显示/i,
};

/** Words that state each relation: the check's own and every cue the built-in extractor links it on (CUE_WORDS). */
export const RELATION_WORDS = Object.fromEntries(
  RELATIONS.map((r) => [r, new RegExp([OWN_WORDS[r].source, ...CUE_WORDS[r].map((s) => `(?:${s})`)].join('|'), 'i')]),
) as Record<Relation, RegExp>;

export interface SemanticReport {
  feedback: GateFeedback[];
  /** Indexes of edges whose quote states no relation. */
  edgesWithoutRelationWords: number[];
}

export function checkSemantics(batch: WireBatch): SemanticReport {
  const feedback: GateFeedback[] = [];
  for (const node of batch.nodes) {
    if (HEDGE.test(node.quote ?? node.text) && !HEDGE.test(node.text)) {
      feedback.push({
        code: 'hedge_dropped',
        blocking: false,
        nodeId: node.id,
        message: `Node ${node.id}: the quote is hedged or conditional but the text is not; keep the qualifier.`,
      });
    }
    if (node.type === 'fact' && GENERALISATION.test(node.text)) {
      feedback.push({
        code: 'generalisation_as_fact',
        blocking: false,
        nodeId: node.id,
        message: `Node ${node.id} states a generalisation; an author's generalisation is a claim, not a fact.`,
      });
    }
  }
  const edgesWithoutRelationWords: number[] = [];
  batch.edges.forEach((edge, index) => {
    if (!RELATION_WORDS[edge.relation].test(edge.quote)) {
      edgesWithoutRelationWords.push(index);
      feedback.push({
        code: 'edge_without_relation_words',
        blocking: false,
        edgeIndex: index,
        message: `Edge ${index} (${edge.relation}): its quote does not contain the words that state the relation.`,
      });
    }
  });
  return { feedback, edgesWithoutRelationWords };
}
