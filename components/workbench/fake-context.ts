// For the controllers' tests (never imported by the element): a workbench context over an in-memory document — the
// real DocumentController and SelectionController, a host that counts renders and runs its controllers' hooks, a
// client made of the methods a test gives it, and panes and notifications that record what they were asked.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { KgEdge, KgNode } from '../../core/schema';
import type { ApiClient, GraphPage, ModelInfo } from '../shared/api-client';
import type { DocumentInfo, DocumentSource, GraphQuery } from '../shared/document-source';
import type { Lang } from '../shared/i18n';
import type { ShowTarget, WorkbenchContext } from './context';
import { DocumentController } from './document-controller';
import { SelectionController } from './selection-controller';

export function node(id: string, paragraph: number | null, over: Partial<KgNode> = {}): KgNode {
  return {
    id,
    type: 'claim',
    text: `Node ${id}`,
    paragraph,
    quote: `quote ${id}`,
    evidence: [],
    groundingStatus: 'grounded',
    entailmentStatus: 'entailed',
    ...over,
  } as KgNode;
}

export function edge(id: string, from: string, to: string, over: Partial<KgEdge> = {}): KgEdge {
  return { id, fromNodeId: from, toNodeId: to, relation: 'supports', evidence: [], ...over } as KgEdge;
}

/** A document in memory: a window is its first `limit` nodes; a query for a node id gives it and its neighbours. */
export class MemorySource implements DocumentSource {
  readonly kind: 'api' | 'static' = 'api';
  revision = 1;
  /** Each graph read, for the tests that count them. */
  readonly reads: GraphQuery[] = [];
  infoOverrides: Partial<DocumentInfo> = {};

  constructor(
    readonly documentId: string,
    public nodes: KgNode[],
    public edges: KgEdge[] = [],
    /** Nodes a plain window shows (the rest are found by a query only). */
    public windowSize = Number.POSITIVE_INFINITY,
  ) {}

  async info(): Promise<DocumentInfo> {
    return {
      documentId: this.documentId,
      title: `Title ${this.documentId}`,
      revision: this.revision,
      summary: '',
      sections: [],
      unitCount: 10,
      nodeCount: this.nodes.length,
      edgeCount: this.edges.length,
      groundedCount: null,
      ...this.infoOverrides,
    };
  }

  async units(): Promise<never> {
    throw new Error('no units in memory');
  }

  async graph(query: GraphQuery): Promise<GraphPage> {
    this.reads.push(query);
    let nodes = this.nodes.slice(0, this.windowSize);
    if (query.q) {
      const around = new Set([query.q]);
      for (const e of this.edges) {
        if (e.fromNodeId === query.q) around.add(e.toNodeId);
        if (e.toNodeId === query.q) around.add(e.fromNodeId);
      }
      nodes = this.nodes.filter((n) => around.has(n.id));
    }
    const ids = new Set(nodes.map((n) => n.id));
    const edges = this.edges.filter((e) => ids.has(e.fromNodeId) && ids.has(e.toNodeId));
    const kind = query.q ? 'query' : 'window';
    return {
      nodes,
      edges,
      view: {
        kind,
        nodeOffset: 0,
        nodeLimit: 800,
        totalNodes: this.nodes.length,
        totalEdges: this.edges.length,
        truncated: false,
      },
    } as unknown as GraphPage;
  }

  async exportFile(): Promise<Blob> {
    return new Blob([]);
  }
}

/** A controller host that counts update requests and runs its controllers' hooks when a test says so. */
export class FakeHost implements ReactiveControllerHost {
  readonly controllers: ReactiveController[] = [];
  updates = 0;
  updateComplete: Promise<boolean> = Promise.resolve(true);

  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
  }

  removeController(controller: ReactiveController): void {
    this.controllers.splice(this.controllers.indexOf(controller), 1);
  }

  requestUpdate(): void {
    this.updates++;
  }

  connect(): void {
    for (const c of this.controllers) c.hostConnected?.();
  }

  disconnect(): void {
    for (const c of this.controllers) c.hostDisconnected?.();
  }

  /** One render: hostUpdate before, hostUpdated after. */
  render(): void {
    for (const c of this.controllers) c.hostUpdate?.();
    for (const c of this.controllers) c.hostUpdated?.();
  }
}

export interface FakeOptions {
  /** The client's methods a test uses (anything else is absent). */
  client?: Record<string, unknown> | null;
  lang?: Lang;
  canWrite?: boolean;
  staticMode?: boolean;
  models?: ModelInfo[];
  pickedModel?: string | null;
  follow?: (target: ShowTarget, report: (text: string | null) => void) => Promise<void>;
}

/** What the fake panes and notifications were asked, in order. */
export interface Recorded {
  revealed: number[];
  focused: string[][];
  scrolledToGraph: number;
  shownPanes: string[];
  events: Array<{ type: string; detail: unknown }>;
  failures: unknown[];
  followed: ShowTarget[];
}

export function fakeContext(options: FakeOptions = {}) {
  const host = new FakeHost();
  const failures: unknown[] = [];
  const doc = new DocumentController(host, (e) => failures.push(e));
  const recorded: Recorded = {
    revealed: [],
    focused: [],
    scrolledToGraph: 0,
    shownPanes: [],
    events: [],
    failures,
    followed: [],
  };
  const selection = new SelectionController(host, doc, {
    revealUnit: (n) => recorded.revealed.push(n),
    focusNodes: (ids) => recorded.focused.push([...ids]),
  });
  const settings = { canWrite: true, staticMode: false, lang: 'en' as Lang, models: [] as ModelInfo[], ...options };
  const ctx: WorkbenchContext = {
    client: (options.client === undefined ? {} : options.client) as ApiClient | null,
    get lang() {
      return settings.lang;
    },
    doc,
    selection,
    panes: {
      revealUnit: async (n) => void recorded.revealed.push(n),
      focusNodes: async (ids) => void recorded.focused.push([...ids]),
      scrollToGraph: () => void recorded.scrolledToGraph++,
      showPane: (pane) => void recorded.shownPanes.push(pane),
    },
    get staticMode() {
      return settings.staticMode;
    },
    get canWrite() {
      return settings.canWrite;
    },
    get models() {
      return settings.models;
    },
    get pickedModel() {
      return settings.pickedModel ?? null;
    },
    follow: async (target, report) => {
      recorded.followed.push(target);
      await options.follow?.(target, report);
    },
    notify: (type, detail) => void recorded.events.push({ type, detail }),
    fail: (error) => void failures.push(error),
    requestUpdate: () => host.requestUpdate(),
    get updateComplete() {
      return host.updateComplete;
    },
  };
  return { ctx, host, doc, selection, recorded, settings };
}

/** Lets pending promise callbacks run (the controllers' awaits on the fake client). */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
