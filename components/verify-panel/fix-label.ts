// One line that says what a proposed fix would do, in the reader's language ("Merge “A” into “B”"), shown beside
// "Accept fix" so nobody applies a change blind. Nodes are named by their text (`NodeNames`), never by id.
import type { ProposedFix } from '../../core/schema/fixes';
import { nodeName } from '../../core/verify/names';
import { format, strings, typeLabel, type Lang } from '../shared/i18n';
import { editStrings } from '../shared/i18n/edit';

/** A node's text by id, from what the page has loaded (undefined when it is not loaded). */
export type NodeTexts = (id: string) => string | undefined;

/** A node as a reader reads it: its words, or "this node" when the page has not loaded it. */
function named(id: string, texts: NodeTexts, lang: Lang): string {
  const text = texts(id);
  return text ? nodeName({ text }) : lang === 'zh' ? '该节点' : 'this node';
}

export function fixLabel(fix: ProposedFix, lang: Lang, texts: NodeTexts = () => undefined): string {
  const templates = strings(lang).trust.fixAction as Record<string, string>;
  const template = templates[fix.action] ?? fix.action;
  switch (fix.action) {
    case 'update_node':
    case 'delete_node': {
      const patch = fix.nodePatch.patch ?? {};
      const fields = Object.entries(patch)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}: ${String(v).slice(0, 60)}`);
      const head = format(lang, template, { id: named(fix.nodePatch.id, texts, lang) });
      return fix.action === 'update_node' && fields.length ? `${head} (${fields.join(', ')})` : head;
    }
    case 'merge_nodes':
      return format(lang, template, {
        id: named(fix.nodePatch.id, texts, lang),
        into: named(fix.mergeIntoId, texts, lang),
      });
    case 'update_edge':
    case 'delete_edge':
    case 'add_edge': {
      const p = fix.edgePatch;
      return format(lang, template, { id: `${named(p.fromNodeId, texts, lang)} → ${named(p.toNodeId, texts, lang)}` });
    }
    case 'add_node':
      return `${template}: ${fix.nodePatch.patch.text.slice(0, 60)}`;
    default:
      return template;
  }
}

/** A remedy's button text: a retype says what the node becomes ("Retype “A” as Example"); others as fixLabel. */
export function remedyLabel(fix: ProposedFix, lang: Lang, texts: NodeTexts = () => undefined): string {
  if (fix.action === 'update_node') {
    const patch = fix.nodePatch.patch ?? {};
    const fields = Object.keys(patch).filter((k) => patch[k as keyof typeof patch] !== undefined);
    if (fields.length === 1 && patch.type)
      return format(lang, editStrings(lang).retype, {
        id: named(fix.nodePatch.id, texts, lang),
        type: typeLabel(patch.type, lang),
      });
  }
  return fixLabel(fix, lang, texts);
}
