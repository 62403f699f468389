// Models and people name types and relations loosely ("Counter-example", "反例", "is-a"): the sanitiser maps such
// aliases onto the 8 node types and 12 relations (docs/contracts/verification.md#fixes) before validating a proposed fix.
import { NODE_TYPES, NODE_TYPE_LABELS, RELATIONS, RELATION_LABELS, type NodeType, type Relation } from '../schema';

const key = (value: string) =>
  value
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

function table<T extends string>(
  names: readonly T[],
  labels: Record<T, { en: string; zh: string }>,
  extra: Record<string, T>,
) {
  const map = new Map<string, T>();
  for (const name of names) {
    map.set(key(name), name);
    map.set(key(labels[name].en), name);
    map.set(key(labels[name].zh), name);
  }
  for (const [alias, name] of Object.entries(extra)) map.set(key(alias), name);
  return map;
}

const TYPE_ALIASES = table<NodeType>(NODE_TYPES, NODE_TYPE_LABELS, {
  counterexample: 'counter_example',
  'counter example': 'counter_example',
  entity: 'concept',
  term: 'concept',
  conclusion: 'inference',
  premise: 'claim',
  principle: 'rule',
  观点: 'claim',
  结论: 'inference',
  原则: 'rule',
});

const RELATION_ALIASES = table<Relation>(RELATIONS, RELATION_LABELS, {
  support: 'supports',
  supported_by: 'supports',
  counterexample: 'counter_example',
  define: 'defines',
  infer: 'infers',
  implies: 'infers',
  cause: 'causes',
  isa: 'is_a',
  contain: 'contains',
  includes: 'contains',
  not: 'not_is',
  is_not: 'not_is',
  analogous: 'analogy',
  aims: 'aims_at',
  推出: 'infers',
  导致: 'causes',
  是: 'is_a',
});

export function nodeTypeOf(value: unknown): NodeType | undefined {
  return typeof value === 'string' ? TYPE_ALIASES.get(key(value)) : undefined;
}

export function relationOf(value: unknown): Relation | undefined {
  return typeof value === 'string' ? RELATION_ALIASES.get(key(value)) : undefined;
}
