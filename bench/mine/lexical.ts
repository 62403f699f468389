// MINE-lex v1, text side: content tokens (lower-case, stopwords removed, light suffix stemming) and BM25 retrieval.
// Deterministic and dependency-free so the score can be reproduced anywhere.

const STOPWORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between ' +
    'both but by can could did do does doing down during each few for from further had has have having he her here ' +
    'hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off ' +
    'on once only or other our ours ourselves out over own same she should so some such than that the their theirs ' +
    'them themselves then there these they this those through to too under until up very was we were what when where ' +
    'which while who whom why will with would you your yours yourself yourselves s t can will may might must also ' +
    'one many much often well like even however therefore thus hence via upon within without'
  ).split(' '),
);

/**
 * Light stemming, in this order: -ies → -y, -sses → -ss, plural -s (not -ss/-us/-is), then -ing / -ed (stem of 3+
 * letters, doubled final consonant undone), and a final -e (so change/changes/changed/changing meet).
 */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const suffix of ['ing', 'ed']) {
    if (w.length - suffix.length >= 3 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** Content tokens in text order (duplicates kept): words of 2+ characters or numbers, minus stopwords, stemmed. */
export function contentTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(/[a-z0-9]+/g)) {
    const w = m[0];
    if ((w.length < 2 && !/\d/.test(w)) || STOPWORDS.has(w)) continue;
    out.push(/^\d+$/.test(w) ? w : stem(w));
  }
  return out;
}

/** Okapi BM25 (k1 = 1.2, b = 0.75) over a fixed list of documents. */
export class Bm25 {
  private readonly docs: Map<string, number>[];
  private readonly lengths: number[];
  private readonly avgLength: number;
  private readonly df = new Map<string, number>();

  constructor(
    texts: readonly string[],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    this.docs = texts.map((t) => {
      const tf = new Map<string, number>();
      for (const tok of contentTokens(t)) tf.set(tok, (tf.get(tok) ?? 0) + 1);
      for (const tok of tf.keys()) this.df.set(tok, (this.df.get(tok) ?? 0) + 1);
      return tf;
    });
    this.lengths = this.docs.map((d) => [...d.values()].reduce((a, c) => a + c, 0));
    this.avgLength = this.lengths.reduce((a, c) => a + c, 0) / Math.max(1, this.lengths.length);
  }

  /** Indices of the `k` best documents for the query (ties: earlier document first); zero-score documents excluded. */
  top(query: string, k: number): number[] {
    const terms = [...new Set(contentTokens(query))];
    const n = this.docs.length;
    const scored: { i: number; score: number }[] = [];
    this.docs.forEach((doc, i) => {
      let score = 0;
      for (const t of terms) {
        const tf = doc.get(t);
        if (!tf) continue;
        const df = this.df.get(t) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score +=
          (idf * tf * (this.k1 + 1)) /
          (tf + this.k1 * (1 - this.b + (this.b * this.lengths[i]) / (this.avgLength || 1)));
      }
      if (score > 0) scored.push({ i, score });
    });
    scored.sort((x, y) => y.score - x.score || x.i - y.i);
    return scored.slice(0, k).map((s) => s.i);
  }
}
