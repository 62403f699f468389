// Units by number, each with the types of the nodes anchored to it (the source pane's badges, for any page).
import { and, eq, gte, lt } from 'drizzle-orm';
import { NODE_TYPES } from '../core/schema';
import { dbOf, type DbEnv } from './db';
import { readUnitPage } from './pages';
import { nodes } from './schema';

export async function readUnits(env: DbEnv, documentId: string, offset: number, limit: number) {
  const db = dbOf(env);
  const first = offset + 1;
  // Unit numbers are dense from 1, so the page after n = offset is exactly units first .. first + limit - 1.
  const rows = await readUnitPage(db, documentId, offset, limit);
  const anchored = await db
    .selectDistinct({ paragraph: nodes.paragraph, type: nodes.type })
    .from(nodes)
    .where(and(eq(nodes.documentId, documentId), gte(nodes.paragraph, first), lt(nodes.paragraph, first + limit)));
  const typesOf = new Map<number, Set<string>>();
  for (const a of anchored) {
    if (a.paragraph === null) continue;
    const set = typesOf.get(a.paragraph) ?? new Set<string>();
    set.add(a.type);
    typesOf.set(a.paragraph, set);
  }
  return rows.map((u) => ({ ...u, nodeTypes: NODE_TYPES.filter((t) => typesOf.get(u.n)?.has(t)) }));
}
