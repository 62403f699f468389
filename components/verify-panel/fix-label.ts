// One line that says what a proposed fix would do, in the reader's language ("Merge n4 into n2"), shown beside
// "Accept fix" so nobody applies a change blind.
import type { ProposedFix } from '../../core/schema/fixes';
import { format, strings, typeLabel, type Lang } from '../shared/i18n';
import { editStrings } from '../shared/i18n/edit';

export function fixLabel(fix: ProposedFix, lang: Lang): string {
  const templates = strings(lang).trust.fixAction as Record<string, string>;
  const template = templates[fix.action] ?? fix.action;
  switch (fix.action) {
    case 'update_node':
    case 'delete_node': {
      const patch = fix.nodePatch.patch ?? {};
      const fields = Object.entries(patch)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}: ${String(v).slice(0, 60)}`);
      const head = format(lang, template, { id: fix.nodePatch.id });
      return fix.action === 'update_node' && fields.length ? `${head} (${fields.join(', ')})` : head;
    }
    case 'merge_nodes':
      return format(lang, template, { id: fix.nodePatch.id, into: fix.mergeIntoId });
    case 'update_edge':
    case 'delete_edge':
    case 'add_edge': {
      const p = fix.edgePatch;
      return format(lang, template, { id: p.edgeId ?? `${p.fromNodeId} → ${p.toNodeId}` });
    }
    case 'add_node':
      return `${template}: ${fix.nodePatch.patch.text.slice(0, 60)}`;
    default:
      return template;
  }
}

/** A remedy's button text: a retype says what the node becomes ("Retype n3 as Example"); others as fixLabel. */
export function remedyLabel(fix: ProposedFix, lang: Lang): string {
  if (fix.action === 'update_node') {
    const patch = fix.nodePatch.patch ?? {};
    const fields = Object.keys(patch).filter((k) => patch[k as keyof typeof patch] !== undefined);
    if (fields.length === 1 && patch.type)
      return format(lang, editStrings(lang).retype, { id: fix.nodePatch.id, type: typeLabel(patch.type, lang) });
  }
  return fixLabel(fix, lang);
}
