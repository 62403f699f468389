// The engine's configuration as the operator set it: the KG_INSIGHTS var, read when used (not at module load).
import { env } from 'cloudflare:workers';
import { parseInsightConfig, type ParsedInsightConfig } from '../../core/insights';

export function insightConfig(raw: string | undefined = (env as Partial<Env>).KG_INSIGHTS): ParsedInsightConfig {
  return parseInsightConfig(raw);
}
