// The whole-document overview (issue 16): positions of every node of the current revision, computed once per
// revision on first request (core/layout/overview.ts: linear-ish, ~0.1 s for 15,000 nodes, so no after-commit hook is
// needed and a revision nobody opens costs nothing) and kept in R2 (storage/overview.ts). Single flight: requests
// of one isolate meet in the layout cache (durable-objects/layout/cache.ts: memory LRU, one computation per key at a
// time without cross-request promises, then the durable tier).
import { KgError } from '../../core/errors';
import {
  clipLabel,
  OVERVIEW_FORMAT_VERSION,
  type OverviewData,
  type OverviewLabels,
} from '../../core/layout/overview-data';
import { layoutOverview } from '../../core/layout/overview';
import type { KgEdge, KgNode, Section } from '../../core/schema';
import { NODE_TYPES } from '../../core/schema/vocabulary';
import { cachedLayout, type CachedLayout, type DurableTier } from '../../durable-objects/layout/cache';
import { readRevision, type DocumentRow } from '../../storage/document-rows';
import {
  getOverviewBlob,
  putOverviewBlob,
  readNodeSet,
  readNodeTexts,
  readOverviewRows,
  type OverviewRows,
} from '../../storage/overview';

/** Nodes whose texts come with the overview itself: enough labels for the first frame at any zoom-out level. */
export const OVERVIEW_INCLUDED_LABELS = 300;

/** The strong validator of a revision's overview: a client holding it never downloads it again for that revision. */
export const overviewEtag = (doc: Pick<DocumentRow, 'id' | 'revision'>) =>
  `"overview-${doc.id}-r${doc.revision}-v${OVERVIEW_FORMAT_VERSION}"`;

export async function readOverview(env: Env, doc: DocumentRow): Promise<CachedLayout> {
  const key = `overview|${doc.id}|r${doc.revision}|v${OVERVIEW_FORMAT_VERSION}`;
  const tier: DurableTier = {
    name: 'r2',
    get: () => getOverviewBlob(env, doc.id, doc.revision, OVERVIEW_FORMAT_VERSION),
    put: (_key, body) => putOverviewBlob(env, doc.id, doc.revision, OVERVIEW_FORMAT_VERSION, body),
  };
  return cachedLayout(key, tier, async () => JSON.stringify(await computeOverview(env, doc)));
}

async function computeOverview(env: Env, doc: DocumentRow): Promise<OverviewData> {
  const rows = await readOverviewRows(env, doc.id);
  // A commit replaces every row: if one landed during the reads, the rows may mix revisions.
  if ((await readRevision(env, doc.id)) !== doc.revision) {
    throw new KgError('revision_conflict', {
      en: 'The document changed while its overview was computed; ask again.',
      zh: '计算全局视图时文档已更新，请重试。',
    });
  }
  const sections = JSON.parse(doc.sections) as Section[];
  const section = sectionOfNodes(rows, sections);
  const layout = layoutOverview({ section, sectionCount: sections.length, edges: rows.edgeOrds });
  const n = rows.ids.length;
  const best = Array.from({ length: n }, (_, i) => i)
    .sort((a, b) => layout.degree[b] - layout.degree[a] || a - b)
    .slice(0, OVERVIEW_INCLUDED_LABELS);
  const texts = await readNodeTexts(env, doc.id, best);
  const typeIndex = new Map<string, number>(NODE_TYPES.map((t, i) => [t, i]));
  const typeNames: string[] = [...NODE_TYPES];
  const regionOf = new Map<number, number>(layout.regions.map((r, i) => [r.section, i]));
  return {
    version: OVERVIEW_FORMAT_VERSION,
    documentId: doc.id,
    revision: doc.revision,
    count: n,
    width: layout.width,
    height: layout.height,
    typeNames,
    ids: rows.ids,
    type: rows.types.map((t) => typeIndex.get(t) ?? typeNames.push(t) - 1),
    section: section.map((s) => regionOf.get(s < 0 ? -1 : s) ?? 0),
    x: Array.from(layout.x),
    y: Array.from(layout.y),
    degree: Array.from(layout.degree),
    edges: rows.edgeOrds,
    sections: layout.regions.map((r) => ({
      id: r.section < 0 ? null : sections[r.section].id,
      title: r.section < 0 ? '' : sections[r.section].title,
      x: r.x,
      y: r.y,
      w: r.w,
      h: r.h,
      count: r.count,
    })),
    labels: {
      index: best.filter((i) => texts.has(i)),
      text: best.filter((i) => texts.has(i)).map((i) => clipLabel(texts.get(i)!)),
    },
  };
}

/** Each node's section index: its own sectionId, else the section whose unit range holds its paragraph, else -1. */
function sectionOfNodes(rows: OverviewRows, sections: readonly Section[]): number[] {
  const byId = new Map(sections.map((s, i) => [s.id, i]));
  const byUnit = (p: number | null) => {
    if (p === null) return -1;
    let lo = 0;
    let hi = sections.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (sections[mid].lastUnit < p) lo = mid + 1;
      else if (sections[mid].firstUnit > p) hi = mid - 1;
      else return mid;
    }
    return -1;
  };
  return rows.ids.map((_, i) => {
    const id = rows.sectionIds[i];
    return (id !== null ? byId.get(id) : undefined) ?? byUnit(rows.paragraphs[i]);
  });
}

function checkRevision(doc: DocumentRow, revision: number): void {
  if (revision !== doc.revision) {
    throw new KgError('revision_conflict', {
      en: `The overview was of revision ${revision}; the document is now at revision ${doc.revision}.`,
      zh: `全局视图来自版本 ${revision}，文档现为版本 ${doc.revision}。`,
    });
  }
}

/** Label texts by ord (clipped), for the overview of `revision`. */
export async function readOverviewLabels(
  env: Env,
  doc: DocumentRow,
  revision: number,
  ords: number[],
): Promise<OverviewLabels> {
  checkRevision(doc, revision);
  const texts = await readNodeTexts(env, doc.id, ords);
  return {
    revision: doc.revision,
    texts: Object.fromEntries([...texts].map(([ord, text]) => [String(ord), clipLabel(text)])),
  };
}

/** The full nodes at these ords and the relations among them: the detailed view of an overview region. */
export async function readOverviewNodes(
  env: Env,
  doc: DocumentRow,
  revision: number,
  ords: number[],
): Promise<{ revision: number; nodes: KgNode[]; edges: KgEdge[] }> {
  checkRevision(doc, revision);
  return { revision: doc.revision, ...(await readNodeSet(env, doc.id, ords)) };
}
