// Offset → unit lookup for anchoring evidence found by offset (binary search over sorted units).
import type { ContentUnit } from '../schema/units';

/** The unit containing UTF-16 offset `offset` (start <= offset < end), or undefined (e.g. in whitespace). */
export function unitAt(units: readonly ContentUnit[], offset: number): ContentUnit | undefined {
  let lo = 0;
  let hi = units.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const u = units[mid];
    if (offset < u.start) hi = mid - 1;
    else if (offset >= u.end) lo = mid + 1;
    else return u;
  }
  return undefined;
}
