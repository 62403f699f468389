// Entity and claim candidates of a graph (docs/contracts/candidates.md#derivation): entities from concepts and definitions, claims from
// the proposition types (a definition gives one of each). Ids are stable across revisions:
//   entity  ent_ + sha256(documentId ␟ type ␟ text)[0..32]   (the same term, whatever node carries it)
//   claim   clm_ + sha256(documentId ␟ nodeId ␟ text)[0..32] (this node saying this)
// so a review status survives a new revision while the same id is derived again, and editing a node's text makes a
// new candidate. Pure: the hashing is Web Crypto.
import { sha256Hex } from '../ids';
import type { Evidence, KgGraph, NodeType } from '../schema';

export const CANDIDATE_KINDS = ['entity', 'claim'] as const;
export type CandidateKind = (typeof CANDIDATE_KINDS)[number];

export const CANDIDATE_STATUSES = ['candidate', 'accepted', 'rejected'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

const ENTITY_TYPES: ReadonlySet<NodeType> = new Set(['concept', 'definition']);
const CLAIM_TYPES: ReadonlySet<NodeType> = new Set([
  'fact',
  'claim',
  'inference',
  'rule',
  'definition',
  'counter_example',
]);
const SEP = '\u001f';

/** A candidate as derived from one revision (no status: that is review state, kept by storage). */
export interface DerivedCandidate {
  id: string;
  kind: CandidateKind;
  nodeId: string;
  /** The node's position in the graph (the list's order). */
  nodeOrd: number;
  type: NodeType;
  text: string;
  confidence?: number;
  evidence: Evidence[];
  paragraph: number | null;
  sectionId?: string;
}

/** A candidate as the API serves it. */
export interface Candidate extends Omit<DerivedCandidate, 'nodeOrd'> {
  documentId: string;
  status: CandidateStatus;
  /** The revision it was last derived from. */
  revision: number;
  updatedAt: number;
}

export async function candidateId(
  documentId: string,
  kind: CandidateKind,
  node: { id: string; type: string; text: string },
): Promise<string> {
  const key =
    kind === 'entity'
      ? `${documentId}${SEP}${node.type}${SEP}${node.text}`
      : `${documentId}${SEP}${node.id}${SEP}${node.text}`;
  return `${kind === 'entity' ? 'ent' : 'clm'}_${(await sha256Hex(key)).slice(0, 32)}`;
}

/** Every candidate of the graph, in node order; an id derived twice (the same entity on two nodes) is kept once. */
export async function deriveCandidates(documentId: string, graph: KgGraph): Promise<DerivedCandidate[]> {
  const out: DerivedCandidate[] = [];
  const seen = new Set<string>();
  for (let ord = 0; ord < graph.nodes.length; ord++) {
    const node = graph.nodes[ord];
    const kinds: CandidateKind[] = [];
    if (ENTITY_TYPES.has(node.type)) kinds.push('entity');
    if (CLAIM_TYPES.has(node.type)) kinds.push('claim');
    for (const kind of kinds) {
      const id = await candidateId(documentId, kind, node);
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({
        id,
        kind,
        nodeId: node.id,
        nodeOrd: ord,
        type: node.type,
        text: node.text,
        ...(kind === 'claim' && node.confidence !== undefined ? { confidence: node.confidence } : {}),
        evidence: node.evidence,
        paragraph: node.paragraph,
        ...(node.sectionId !== undefined ? { sectionId: node.sectionId } : {}),
      });
    }
  }
  return out;
}
