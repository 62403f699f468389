// One machine-readable line per figure, `BENCH {json}`, which scripts/bench.mjs collects into the table of figures
// against their goals. A figure measured several times carries its samples: the value is their median and the noise
// is their spread, (max − min) / median; `npm run bench -- --light` fails a figure only when it misses its goal by
// more than that noise.

export interface Figure {
  /** Short and stable: the table's first column. */
  name: string;
  unit: string;
  /** The goal from the issue or README that set it; null when none was stated (the figure is printed, not judged). */
  goal: number | null;
  better: 'lower' | 'higher';
  /** Every measurement of the figure (value = median); or a single value when it is computed, not timed. */
  samples: readonly number[];
  /** Where the goal comes from or what the figure means, for the reader of the table. */
  note?: string;
  /**
   * The bound the light CI run holds the figure to instead of its goal, where the goal is an open issue's target not
   * reached yet, or is met with too little margin to judge on one noisy CI run: CI then catches regressions without
   * failing on a known gap. The full run judges the goal; the note says which.
   */
  gate?: number;
}

/** `--light`: small sizes only (the CI step of `npm test`). */
export const LIGHT = process.argv.includes('--light');

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** (max − min) / median: 0 for one sample or a zero median. */
export function spread(xs: readonly number[]): number {
  const m = median(xs);
  if (xs.length < 2 || m === 0) return 0;
  return (Math.max(...xs) - Math.min(...xs)) / Math.abs(m);
}

export function report(figure: Figure): void {
  if (figure.samples.length === 0) throw new Error(`bench figure ${figure.name} has no samples`);
  const value = median(figure.samples);
  const line = {
    name: figure.name,
    value: round(value),
    unit: figure.unit,
    goal: figure.goal,
    better: figure.better,
    runs: figure.samples.length,
    noise: round(spread(figure.samples), 4),
    ...(figure.note ? { note: figure.note } : {}),
    ...(figure.gate !== undefined ? { gate: figure.gate } : {}),
  };
  console.log(`BENCH ${JSON.stringify(line)}`);
}

function round(v: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
