// Where the reader is, as one record: read from the fragment or the attributes, reported once per change as
// state-change (and, with url-state, written to the fragment: a new selection pushes a history entry), and opened
// again — the document, the view, then the node (found by a query when outside the window) or the unit.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeContext, FakeHost, MemorySource, edge, node } from './fake-context';
import type { LayoutAlgorithm } from '../../core/layout/types';
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
  const layouts: LayoutAlgorithm[] = [];
  let layout: LayoutAlgorithm = 'layered';
  const url = new UrlStateController(host as unknown as FakeHost & Element, f.ctx, {
    openDocument: async (id) => {
      opened.push(id);
      await f.doc.open(source);
    },
    documentId: () => 'd1',
    layout: () => layout,
    setLayout: (l) => {
      layout = l;
      layouts.push(l);
    },
  });
  const pickLayout = (l: LayoutAlgorithm) => (layout = l);
  return { ...f, host, url, opened, source, layouts, pickLayout };
}

afterEach(() => vi.unstubAllGlobals());

describe('shareable state', () => {
  it('round-trips a record through the fragment, keeping an ask question it does not own', () => {
    const s = { doc: 'd 1', node: 'n&2', unit: null, section: 's1', view: 'q:entropy', layout: 'radial' as const };
    const hash = toFragment(s, '#ask=why%3F');
    expect(parseFragment(hash)).toEqual(s);
    expect(new URLSearchParams(hash.slice(1)).get('ask')).toBe('why?');
    expect(new URLSearchParams(hash.slice(1)).get('layout')).toBe('radial');
    expect(parseFragment('#unit=-3&doc=x').unit).toBeNull();
  });

  it('keeps the layout in the fragment: the default left out, absent or unknown read as the default', () => {
    const base = { doc: 'd1', node: null, unit: null, section: null, view: '' };
    expect(toFragment({ ...base, layout: 'layered' })).toBe('#doc=d1');
    expect(toFragment({ ...base, layout: 'force' })).toBe('#doc=d1&layout=force');
    expect(parseFragment('#doc=d1').layout).toBe('layered');
    expect(parseFragment('#doc=d1&layout=spiral').layout).toBe('layered');
    expect(parseFragment('#doc=d1&layout=circle').layout).toBe('circle');
  });

  it('opens the attributes: the document, then a node outside the window, selected with its card open', async () => {
    const { url, opened, selection, recorded, doc, layouts } = setup({ node: 'far' });
    const initial = url.initial();
    expect(initial).toMatchObject({ doc: 'd1', node: 'far', unit: null, layout: null });
    await url.apply(initial);
    expect(opened).toEqual(['d1']);
    expect(doc.graph?.nodes.some((n) => n.id === 'far')).toBe(true);
    expect(selection.selectedNodeId).toBe('far');
    expect(selection.card).toMatchObject({ kind: 'node', node: { id: 'far' } });
    expect(recorded.focused).toContainEqual(['far']);
    // No layout attribute: the reader's own layout is left alone.
    expect(layouts).toEqual([]);
  });

  it('opens a linked layout, and an invalid layout attribute changes nothing', async () => {
    const { url, layouts } = setup({ layout: 'radial' });
    await url.apply(url.initial());
    expect(layouts).toEqual(['radial']);
    expect(url.current().layout).toBe('radial');
    const other = setup({ layout: 'spiral' });
    expect(other.url.initial().layout).toBeNull();
    await other.url.apply(other.url.initial());
    expect(other.layouts).toEqual([]);
  });

  it('reports a change made while a link was still opening (a layout picked meanwhile)', async () => {
    const { url, recorded, pickLayout } = setup({ node: 'far' });
    const opening = url.apply(url.initial());
    pickLayout('force');
    await opening;
    url.hostUpdated();
    const changes = recorded.events.filter((e) => e.type === 'state-change');
    expect(changes.at(-1)?.detail).toMatchObject({ state: { node: 'far', layout: 'force' } });
    // What the link opened, unchanged, is not reported again.
    const quiet = setup({ node: 'far' });
    await quiet.url.apply(quiet.url.initial());
    quiet.url.hostUpdated();
    expect(quiet.recorded.events.filter((e) => e.type === 'state-change')).toHaveLength(0);
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
      detail: { state: { doc: 'd1', node: 'b', unit: null, section: null, view: '', layout: 'layered' } },
    });
    expect(pushed).toEqual(['#doc=d1&node=b']);
  });
});
