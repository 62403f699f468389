// Which candidate groups become anchors: those that name a concept already in the graph (always, at no cost),
// then the most widely named ones up to the budget, then a coverage pass that gives a statement still linked to
// nothing the term it shares with the most other statements.
import type { Candidates, Group } from './candidates';
import { formKey } from './terms';

export interface Selection {
  /** New anchors, in the order chosen. */
  fresh: Group[];
  /** Groups that name an existing concept: group key → index of that concept among the existing ones. */
  mapped: Map<string, number>;
}

/** At least 8 anchors, one per four statements on longer texts. */
export function anchorBudget(statements: number): number {
  return Math.max(8, Math.ceil(statements / 4));
}

export function selectGroups(
  candidates: Candidates,
  mapped: Map<string, number>,
  linkedWithout: (statement: number) => boolean,
  newAnchors: boolean,
): Selection {
  const fresh: Group[] = [];
  if (!newAnchors) return { fresh, mapped };
  const { groups, byStatement } = candidates;
  const chosen = new Set<string>(mapped.keys());
  // One anchor per text: a name and a common noun spelled alike ("Hoax", "hoax") are one concept, found by the
  // forms of both (as a group is that names a concept already in the graph).
  const byText = new Map<string, Group>();
  const choose = (g: Group) => {
    chosen.add(g.key);
    byText.set(g.text.toLowerCase(), g);
    fresh.push(g);
  };
  /** Whether the group is spelled as a chosen one; if so it joins that one. */
  const twin = (g: Group) => {
    const same = byText.get(g.text.toLowerCase());
    if (!same) return false;
    const known = new Set(same.forms.map(formKey));
    same.forms.push(...g.forms.filter((f) => !known.has(formKey(f))));
    chosen.add(g.key);
    return true;
  };
  const ranked = [...groups.values()]
    .filter((g) => !mapped.has(g.key))
    .sort(
      (a, b) =>
        b.statements.length - a.statements.length ||
        Number(b.isName) - Number(a.isName) ||
        b.text.length - a.text.length ||
        a.order - b.order,
    );
  const budget = anchorBudget(byStatement.length);
  // Names named in two statements are anchors whatever the budget: they are what a reader looks a text up by.
  let common = 0;
  for (const g of ranked) {
    if (!g.isName && common >= budget) continue;
    if (twin(g) || redundant(g, candidates, chosen)) continue;
    choose(g);
    if (!g.isName) common++;
  }
  // Coverage: a statement no relation and no anchor reaches gets its most shared term (shared: named elsewhere too).
  const linked = byStatement.map((keys, s) => keys.some((k) => chosen.has(k)) || linkedWithout(s));
  byStatement.forEach((keys, s) => {
    if (linked[s]) return;
    let best: Group | undefined;
    for (const k of keys) {
      const g = groups.get(k);
      if (!g || chosen.has(k) || twin(g)) continue;
      if (!best || g.statements.length > best.statements.length) best = g;
    }
    if (!best) return;
    choose(best);
    for (const t of best.statements) linked[t] = true;
  });
  return { fresh, mapped };
}

/**
 * A group adds nothing when a chosen one spelled inside it or around it ("heat" / "heat island") is named by every
 * statement that names it. Only groups of its first statement can be such a one, so the check stays local.
 */
function redundant(g: Group, { groups, byStatement }: Candidates, chosen: ReadonlySet<string>): boolean {
  for (const k of byStatement[g.statements[0]]) {
    if (k === g.key || !chosen.has(k)) continue;
    const other = groups.get(k);
    if (!other || !(other.text.includes(g.text) || g.text.includes(other.text))) continue;
    if (isSubset(g.statements, other.statements)) return true;
  }
  return false;
}

function isSubset(small: readonly number[], large: readonly number[]): boolean {
  let j = 0;
  for (const x of small) {
    while (j < large.length && large[j] < x) j++;
    if (j === large.length || large[j] !== x) return false;
  }
  return true;
}
