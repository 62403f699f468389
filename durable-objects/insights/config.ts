// The engine's configuration as the operator set it: the KG_INSIGHTS var of the env passed in (read when used).
import { parseInsightConfig, type ParsedInsightConfig } from '../../core/insights';

export function insightConfig(env: Pick<Env, 'KG_INSIGHTS'>): ParsedInsightConfig {
  return parseInsightConfig(env.KG_INSIGHTS);
}
