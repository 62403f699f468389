// The fact-check's input (docs/contracts/fact-check.md#request), resolved once at the route and kept on the task: mode (default
// deep), the evidence sources (default wikipedia, plus rules when rules were pasted) and the rules text. Unknown
// sources are refused by the route's schema (the seed filtered them silently; a refused request says why).
import { z } from 'zod';
import { KgError } from '../errors';
import {
  FACT_CHECK_MODES,
  FACT_CHECK_SOURCES,
  MAX_RULES_CHARS,
  type FactCheckMode,
  type FactCheckSource,
} from './types';

export const FactCheckParamsSchema = z.strictObject({
  mode: z.enum(FACT_CHECK_MODES),
  sources: z.array(z.enum(FACT_CHECK_SOURCES)),
  rules: z.string().max(MAX_RULES_CHARS),
});
export type FactCheckParams = z.infer<typeof FactCheckParamsSchema>;

export interface FactCheckInput {
  mode?: FactCheckMode;
  sources?: FactCheckSource[];
  rules?: string;
}

export function resolveFactCheckParams(input: FactCheckInput): FactCheckParams {
  const mode = input.mode ?? 'deep';
  const rules = (input.rules ?? '').trim();
  if (rules.length > MAX_RULES_CHARS) {
    throw new KgError('invalid_input', {
      en: `Rules have at most ${MAX_RULES_CHARS} characters.`,
      zh: `规则文本不能超过 ${MAX_RULES_CHARS} 字。`,
    });
  }
  const sources: FactCheckSource[] = input.sources
    ? [...new Set(input.sources)]
    : rules
      ? ['wikipedia', 'rules']
      : ['wikipedia'];
  if (mode === 'quick') return { mode, sources: [], rules: '' };
  if (sources.length === 0) {
    throw new KgError('invalid_input', {
      en: 'A deep fact-check needs at least one evidence source (wikipedia or rules).',
      zh: '深度核查至少需要一个证据来源（wikipedia 或 rules）。',
    });
  }
  if (sources.includes('rules') && !rules) {
    throw new KgError('invalid_input', {
      en: 'The rules source is selected: paste the rules, laws or textbook text to check against.',
      zh: '选择了规则来源，请粘贴领域规则/法条/教材内容。',
    });
  }
  return { mode, sources, rules: sources.includes('rules') ? rules : '' };
}
