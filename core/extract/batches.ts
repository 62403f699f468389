// Batch planning: consecutive runs of units of about `maxChars` characters. A batch never splits a unit.
import type { ContentUnit } from '../schema';

export interface BatchPlan {
  index: number;
  /** First and last unit numbers (inclusive, global numbering). */
  firstUnit: number;
  lastUnit: number;
  chars: number;
}

export function planBatches(units: readonly ContentUnit[], maxChars: number): BatchPlan[] {
  const plans: BatchPlan[] = [];
  let first = -1;
  let chars = 0;
  for (let i = 0; i < units.length; i++) {
    const unit = units[i];
    const size = unit.end - unit.start;
    if (first >= 0 && chars + size > maxChars) {
      plans.push({ index: plans.length, firstUnit: units[first].n, lastUnit: units[i - 1].n, chars });
      first = -1;
      chars = 0;
    }
    if (first < 0) first = i;
    chars += size;
  }
  if (first >= 0)
    plans.push({ index: plans.length, firstUnit: units[first].n, lastUnit: units[units.length - 1].n, chars });
  return plans;
}

/** Units of a batch, assuming `units` is the full, consecutively numbered list (unit n at index n - 1). */
export function unitsOf(units: readonly ContentUnit[], plan: BatchPlan): ContentUnit[] {
  return units.slice(plan.firstUnit - 1, plan.lastUnit);
}
