import { describe, expect, it } from 'vitest';
import { DEFAULT_INSIGHT_CONFIG, parseInsightConfig } from './config';

describe('insight config', () => {
  it('has the documented defaults', () => {
    expect(DEFAULT_INSIGHT_CONFIG).toMatchObject({
      enabled: true,
      historyWindow: 40,
      similarityThreshold: 0.15,
      maxStaleRounds: 3,
      maxInsights: 20,
      maxTopics: 10,
    });
    expect(parseInsightConfig('')).toEqual({ config: DEFAULT_INSIGHT_CONFIG });
    expect(parseInsightConfig(undefined)).toEqual({ config: DEFAULT_INSIGHT_CONFIG });
  });

  it('overrides only the keys given', () => {
    const { config, warning } = parseInsightConfig('{"enabled":false,"similarityThreshold":0.3}');
    expect(warning).toBeUndefined();
    expect(config).toEqual({ ...DEFAULT_INSIGHT_CONFIG, enabled: false, similarityThreshold: 0.3 });
  });

  it('falls back to the defaults with a clear warning on invalid input', () => {
    expect(parseInsightConfig('{oops')).toEqual({
      config: DEFAULT_INSIGHT_CONFIG,
      warning: expect.stringContaining('not valid JSON'),
    });
    const bad = parseInsightConfig('{"maxInsights":-1,"colour":"red"}');
    expect(bad.config).toEqual(DEFAULT_INSIGHT_CONFIG);
    expect(bad.warning).toMatch(/maxInsights/);
    expect(parseInsightConfig('[1]').warning).toMatch(/invalid/);
  });
});
