// Limits and thresholds of the insight engine. Defaults here; an operator overrides any of them with the Worker var
// KG_INSIGHTS (a JSON object, e.g. {"enabled":false} or {"similarityThreshold":0.2}).
import { z } from 'zod';

export const InsightConfigSchema = z.strictObject({
  /** Switches the engine off: nothing is computed or stored, reads answer empty. */
  enabled: z.boolean(),
  /** Rounds (revisions) of history kept per document. */
  historyWindow: z.number().int().min(2).max(500),
  /** Jaccard similarity from which two nodes' token sets count as overlapping (cross-reaction). */
  similarityThreshold: z.number().gt(0).max(1),
  /** Rounds an insight may go unconfirmed before it is evicted. */
  maxStaleRounds: z.number().int().min(1).max(100),
  maxInsights: z.number().int().min(1).max(200),
  maxTopics: z.number().int().min(1).max(100),
  /** Nodes taken as evidence when an insight names a scope instead of nodes (one primary, the rest supporting). */
  scopeEvidenceLimit: z.number().int().min(1).max(50),
  /** Findings one analyzer may report per round (the strongest first). */
  perAnalyzerLimit: z.number().int().min(1).max(50),
});
export type InsightConfig = z.infer<typeof InsightConfigSchema>;

export const DEFAULT_INSIGHT_CONFIG: Readonly<InsightConfig> = Object.freeze({
  enabled: true,
  historyWindow: 40,
  similarityThreshold: 0.15,
  maxStaleRounds: 3,
  maxInsights: 20,
  maxTopics: 10,
  scopeEvidenceLimit: 5,
  perAnalyzerLimit: 5,
});

export interface ParsedInsightConfig {
  config: InsightConfig;
  /** Set when the operator's value was rejected and the defaults are in use. */
  warning?: string;
}

/**
 * Reads the KG_INSIGHTS value. Empty or absent: the defaults. A partial object overrides only the keys it names.
 * Invalid JSON or an invalid key/value is operator input, not client input: it must not fail reads with a 5xx nor
 * be silently ignored, so the defaults are used and `warning` says exactly what was wrong (callers log it and put
 * it in the response as `configWarning`).
 */
export function parseInsightConfig(raw: string | undefined | null): ParsedInsightConfig {
  if (raw === undefined || raw === null || raw.trim() === '') return { config: { ...DEFAULT_INSIGHT_CONFIG } };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {
      config: { ...DEFAULT_INSIGHT_CONFIG },
      warning: 'KG_INSIGHTS is not valid JSON; the defaults are in use.',
    };
  }
  const parsed = InsightConfigSchema.partial().safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 3)
      .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
      .join('; ');
    return {
      config: { ...DEFAULT_INSIGHT_CONFIG },
      warning: `KG_INSIGHTS is invalid (${issues}); the defaults are in use.`,
    };
  }
  return { config: { ...DEFAULT_INSIGHT_CONFIG, ...parsed.data } };
}
