// The six analyzers, each a pure function of the same context and independent of the others.
import type { InsightType } from '../types';
import type { Analyzer } from './context';
import { confidenceTrend } from './confidence-trend';
import { crossReaction } from './cross-reaction';
import { divergenceWatch } from './divergence-watch';
import { gapAggregation } from './gap-aggregation';
import { migration } from './migration';
import { snapshotTrend } from './snapshot-trend';

export const ANALYZERS: Readonly<Record<InsightType, Analyzer>> = Object.freeze({
  'cross-reaction': crossReaction,
  migration,
  'confidence-trend': confidenceTrend,
  'gap-aggregation': gapAggregation,
  'divergence-watch': divergenceWatch,
  'snapshot-trend': snapshotTrend,
});

export { analyzerContext, type AnalysisInput, type Analyzer } from './context';
export { confidenceTrend, crossReaction, divergenceWatch, gapAggregation, migration, snapshotTrend };
