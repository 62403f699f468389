// Where the reader is, as one record: read from the fragment or the attributes, reported once per change as
// state-change (and, with url-state, written to the fragment: a new selection pushes a history entry), and opened
// again — the document, the view, then the node (found by a query when outside the window) or the unit.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeContext, FakeHost, MemorySource, edge, node } from './fake-context';
import { UrlStateController, parseFragment, toFragment } from './url-state';

class AttributeHost extends FakeHost {
  readonly attrs = new Map<string, string>();
  hasAttribute(name: string) {
    return this.attrs.has(name);
  }
  getAttribute(name: string) {
    return this.attrs.get(name) ?? null;
  }
}

function setup(attrs: Record<string, string> = {}) {
  const f = fakeContext();
  const host = new AttributeHost();
  for (const [k, v] of Object.entries(attrs)) host.attrs.set(k, v);
  const source = new MemorySource('d1', [node('a', 1), node('b', 2), node('far', 9)], [edge('e', 'far', 'b')], 2);
  const opened: string[] = [];
  const url = new UrlStateController(host as unknown as FakeHost & Element, f.ctx, {
    openDocument: async (id) => {
      opened.push(id);
      await f.doc.open(source);
    },
    documentId: () => 'd1',
  });
  return { ...f, host, url, opened, source };
}

afterEach(() => vi.unstubAllGlobals());

describe('shareable state', () => {
  it('round-trips a record through the fragment, keeping an ask question it does not own', () => {
    const s = { doc: 'd 1', node: 'n&2', unit: null, section: 's1', view: 'q:entropy' };
    const hash = toFragment(s, '#ask=why%3F');
    expect(parseFragment(hash)).toEqual(s);
    expect(new URLSearchParams(hash.slice(1)).get('ask')).toBe('why?');
    expect(parseFragment('#unit=-3&doc=x').unit).toBeNull();
  });

  it('opens the attributes: the document, then a node outside the window, selected without its card', async () => {
    const { url, opened, selection, recorded, doc } = setup({ node: 'far' });
    const initial = url.initial();
    expect(initial).toMatchObject({ doc: 'd1', node: 'far', unit: null });
    await url.apply(initial);
    expect(opened).toEqual(['d1']);
    expect(doc.graph?.nodes.some((n) => n.id === 'far')).toBe(true);
    expect(selection.selectedNodeId).toBe('far');
    expect(selection.card).toBeNull();
    expect(recorded.focused).toContainEqual(['far']);
  });

  it('reports each change once as state-change, and with url-state pushes a new selection to history', async () => {
    const pushed: string[] = [];
    const replaced: string[] = [];
    const loc = { hash: '', pathname: '/', search: '' };
    vi.stubGlobal('location', loc);
    vi.stubGlobal('history', {
      pushState: (_: unknown, __: string, h: string) => {
        loc.hash = h;
        pushed.push(h);
      },
      replaceState: (_: unknown, __: string, h: string) => {
        loc.hash = h;
        replaced.push(h);
      },
    });
    const { url, doc, selection, recorded } = setup({ 'url-state': '' });
    await doc.open(new MemorySource('d1', [node('a', 1), node('b', 2)]));
    url.hostUpdated();
    url.hostUpdated();
    expect(recorded.events.filter((e) => e.type === 'state-change')).toHaveLength(1);
    expect(replaced).toEqual(['#doc=d1']);
    selection.selectNode('b');
    url.hostUpdated();
    expect(recorded.events.at(-1)).toEqual({
      type: 'state-change',
      detail: { state: { doc: 'd1', node: 'b', unit: null, section: null, view: '' } },
    });
    expect(pushed).toEqual(['#doc=d1&node=b']);
  });
});
