// A question about a document as a link: `#doc=<documentId>&ask=<question>` on the page that shows the workbench.
// The fragment never reaches a server (no question lands in access logs), and the demo page turns it back into the
// workbench's `document-id` and `ask` attributes (demo/share-link.js), which reopen the document and ask again.
import { MAX_QUERY_CHARS } from '../../core/limits';

export interface SharedQuestion {
  documentId: string;
  question: string;
}

/** The link for `shared` on the page at `pageUrl` (its own fragment replaced). */
export function shareLink(pageUrl: string, shared: SharedQuestion): string {
  const url = new URL(pageUrl);
  const fragment = new URLSearchParams({ doc: shared.documentId, ask: shared.question });
  url.hash = fragment.toString();
  return url.href;
}

/** The shared question in a URL fragment (`#doc=…&ask=…`), or null when it holds none. */
export function readShareFragment(hash: string): SharedQuestion | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const documentId = params.get('doc')?.trim() ?? '';
  const question = (params.get('ask') ?? '').trim().slice(0, MAX_QUERY_CHARS);
  return documentId ? { documentId, question } : null;
}
