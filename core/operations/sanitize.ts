// sanitizeFix (docs/contracts/verification.md#fixes): what a quick check, a model review or a question proposes passes through here
// before anyone sees it. Aliases become the 8 types / 12 relations, long strings are cut to the limits, ids must
// exist, edge fixes that add or change a relation must carry evidence that authenticates against the canonical
// units. Anything invalid becomes `{ action: 'none' }` with the reason it was dropped.
import { findQuote } from '../anchoring';
import type { ContentUnit, KgGraph } from '../schema';
import {
  FIX_ACTIONS,
  FIX_LIMITS,
  NO_FIX,
  ProposedFixSchema,
  type FixEvidence,
  type ProposedFix,
} from '../schema/fixes';
import { nodeTypeOf, relationOf } from './aliases';
import { findEdge } from './edges';
import { WorkingGraph } from './working-graph';

/** The canonical graph and units a fix is checked against (build once, sanitise many). */
export interface FixContext {
  graph: Pick<WorkingGraph, 'nodes' | 'edges' | 'between'>;
  units: readonly ContentUnit[];
}

export function fixContext(graph: KgGraph, units: readonly ContentUnit[]): FixContext {
  return { graph: new WorkingGraph(graph), units };
}

export interface SanitizedFix {
  fix: ProposedFix;
  /** Why a proposed fix became `none` (absent when it survived, or when `none` was proposed). */
  dropped?: string;
}

const ADD_NODE_ID = /^n\d+$/;

export function sanitizeFix(raw: unknown, ctx: FixContext): SanitizedFix {
  const drop = (dropped: string): SanitizedFix => ({ fix: NO_FIX, dropped });
  if (!isObject(raw) || typeof raw.action !== 'string' || !(FIX_ACTIONS as readonly string[]).includes(raw.action))
    return drop('unknown_action');
  if (raw.action === 'none') return { fix: NO_FIX };
  const parsed = ProposedFixSchema.safeParse(normalise(raw, ctx));
  if (!parsed.success) return drop('invalid_shape');
  const fix = parsed.data;
  const has = (id: string) => ctx.graph.nodes.has(id);
  switch (fix.action) {
    case 'update_node':
      if (!has(fix.nodePatch.id)) return drop('missing_node');
      if (Object.values(fix.nodePatch.patch).every((v) => v === undefined)) return drop('empty_patch');
      return { fix };
    case 'delete_node':
      return has(fix.nodePatch.id)
        ? { fix: { action: 'delete_node', nodePatch: { id: fix.nodePatch.id, patch: {} } } }
        : drop('missing_node');
    case 'merge_nodes':
      if (!has(fix.nodePatch.id) || !has(fix.mergeIntoId)) return drop('missing_node');
      return fix.nodePatch.id === fix.mergeIntoId ? drop('merge_into_itself') : { fix };
    case 'add_node': {
      const { id, ...rest } = fix.nodePatch;
      return {
        fix: { ...fix, nodePatch: id !== undefined && ADD_NODE_ID.test(id) && !has(id) ? fix.nodePatch : rest },
      };
    }
    case 'add_edge':
    case 'update_edge':
    case 'delete_edge': {
      const p = fix.edgePatch;
      if (!has(p.fromNodeId) || !has(p.toNodeId)) return drop('missing_node');
      if (fix.action !== 'add_edge' && !findEdge(ctx.graph, p, fix.action === 'delete_edge'))
        return drop('missing_edge');
      if (fix.action !== 'delete_edge' && !p.evidence?.length) return drop('relation_evidence_missing');
      return { fix };
    }
    case 'update_summary':
      return fix.summaryPatch.trim() ? { fix } : drop('empty_summary');
  }
  return drop('unknown_action');
}

/** Aliases resolved, strings cut to the limits, invalid unit numbers removed, evidence authenticated. */
function normalise(raw: Record<string, unknown>, ctx: FixContext): unknown {
  const out: Record<string, unknown> = { action: raw.action };
  if (isObject(raw.nodePatch)) {
    const np = raw.nodePatch;
    const patch = isObject(np.patch) ? np.patch : {};
    out.nodePatch = {
      ...(np.id === undefined ? {} : { id: String(np.id).trim() }),
      patch: {
        ...(patch.type === undefined ? {} : { type: nodeTypeOf(patch.type) ?? patch.type }),
        ...(typeof patch.text === 'string' && patch.text.trim()
          ? { text: patch.text.trim().slice(0, FIX_LIMITS.nodeText) }
          : {}),
        ...(typeof patch.quote === 'string' ? { quote: patch.quote.slice(0, FIX_LIMITS.nodeQuote) } : {}),
        ...(validUnit(patch.paragraph, ctx) ? { paragraph: patch.paragraph } : {}),
      },
    };
  }
  if (raw.mergeIntoId !== undefined) out.mergeIntoId = String(raw.mergeIntoId).trim();
  if (isObject(raw.edgePatch)) {
    const ep = raw.edgePatch;
    out.edgePatch = {
      ...ep,
      relation: relationOf(ep.relation) ?? ep.relation,
      ...(Array.isArray(ep.evidence) ? { evidence: authenticated(ep.evidence, ctx) } : {}),
    };
  }
  if (typeof raw.summaryPatch === 'string') out.summaryPatch = raw.summaryPatch.trim().slice(0, FIX_LIMITS.summary);
  return out;
}

function authenticated(list: unknown[], ctx: FixContext): FixEvidence[] {
  const out: FixEvidence[] = [];
  for (const item of list) {
    if (out.length >= FIX_LIMITS.evidenceItems) break;
    if (!isObject(item) || typeof item.quote !== 'string' || !validUnit(item.paragraph, ctx)) continue;
    const m = findQuote(ctx.units[item.paragraph - 1].text, item.quote.slice(0, FIX_LIMITS.evidenceQuote));
    if (m && !out.some((e) => e.paragraph === item.paragraph && e.quote === m.quote))
      out.push({ paragraph: item.paragraph, quote: m.quote });
  }
  return out;
}

function validUnit(n: unknown, ctx: FixContext): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= ctx.units.length;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
