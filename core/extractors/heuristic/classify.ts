// Node typing from cues. Order matters: a definition or an introduced example is what it is whatever its modality;
// a conclusion marked by "therefore" is an inference; "must/should/if…then" make a rule; a hedged or evaluative
// statement is a claim; a contrast that is not otherwise typed is a counter-example; a specific reported statement
// (numbers, dates, names, past-tense reporting) is a fact; anything else is the author's generalisation: a claim.
import type { NodeType } from '../../schema';
import { EVALUATIVE_EN, EVALUATIVE_ZH, FACT_EN, FACT_ZH, HEDGE_EN, HEDGE_ZH, RULE_EN, RULE_ZH } from './cues';

export interface TypeHints {
  /** Type suggested by the connective that introduced the clause (example, inference, counter_example, claim). */
  introduced?: NodeType;
  /** A definition cue was found in the clause. */
  definition?: boolean;
}

export function classifyClause(text: string, hints: TypeHints = {}): NodeType {
  if (hints.definition) return 'definition';
  if (hints.introduced === 'example') return 'example';
  if (hints.introduced === 'inference') return 'inference';
  if (RULE_EN.test(text) || RULE_ZH.test(text)) return 'rule';
  if (HEDGE_EN.test(text) || HEDGE_ZH.test(text) || EVALUATIVE_EN.test(text) || EVALUATIVE_ZH.test(text))
    return 'claim';
  if (hints.introduced === 'counter_example') return 'counter_example';
  if (hints.introduced === 'claim') return 'claim';
  if (FACT_EN.test(text) || FACT_ZH.test(text)) return 'fact';
  return 'claim';
}
