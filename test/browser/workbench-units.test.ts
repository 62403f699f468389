// Pure parts of the workbench checked in Node: both languages complete, and
// the static `src` mode answering windows and queries by the same rules as the server.
import { describe, expect, inject, it } from 'vitest';
import { ERROR_CATALOG } from '../../core/errors';
import { errorText, relationLabel, strings, t, typeLabel } from '../../components/shared/i18n';
import { StaticDocumentSource } from '../../components/shared/static-source';
import type { GraphExport } from '../../core/export/graph-export';
import { mixedText } from '../support/texts';
import { createViaApi, taskSucceeded } from './workbench-helpers';

const baseUrl = inject('baseUrl');

describe('interface text', () => {
  it('has every label in both languages with the same placeholders', () => {
    const en = strings('en') as unknown as Record<string, unknown>;
    const zh = strings('zh') as unknown as Record<string, unknown>;
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    const holes = (v: string) => [...v.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(en)) {
      if (typeof en[key] === 'string') expect(holes(zh[key] as string), key).toEqual(holes(en[key] as string));
    }
    expect(t('zh', 'summary', { nodes: 3, edges: 2, x: 3, y: 3 })).toBe('3 节点 · 2 关系 · 可回链 3/3');
    expect(t('en', 'summary', { nodes: 3, edges: 2, x: 3, y: 3 })).toBe('3 nodes · 2 relations · anchored 3/3');
    expect(t('en', 'extract')).toBe('Extract');
    expect(t('zh', 'extract')).toBe('拆分');
    for (const code of Object.keys(ERROR_CATALOG))
      expect(errorText(code, 'zh')).toBe(ERROR_CATALOG[code as keyof typeof ERROR_CATALOG].zh);
    expect(errorText('network', 'zh')).toBe('无法连接服务器。');
    expect([typeLabel('counter_example', 'zh'), relationLabel('aims_at', 'en')]).toEqual(['反例', 'aims at']);
  });
});

describe('the static src mode', () => {
  it('answers windows and queries with the same nodes as the server', async () => {
    const created = await createViaApi(baseUrl, { text: mixedText(60_000) });
    await taskSucceeded(baseUrl, created.taskId);
    const api = (path: string) => fetch(`${baseUrl}/api/documents/${created.documentId}${path}`).then((r) => r.json());
    const file = (await api('/export?format=json')) as GraphExport;
    const source = new StaticDocumentSource(file);
    const ids = (g: { nodes: Array<{ id: string }> }) => g.nodes.map((n) => n.id).sort();

    const info = await source.info();
    expect(info).toMatchObject({
      nodeCount: file.counts.nodes,
      edgeCount: file.counts.edges,
      unitCount: file.counts.units,
    });
    for (const offset of [0, 800]) {
      const server = await api(`/graph?offset=${offset}&limit=800`);
      const local = await source.graph({ offset, limit: 800 });
      expect(ids(local)).toEqual(ids(server));
      expect(local.edges.map((e) => e.id).sort()).toEqual(server.edges.map((e: { id: string }) => e.id).sort());
      expect(local.view).toEqual(server.view);
    }
    const far = file.nodes[file.nodes.length - 2];
    for (const q of [far.id, 'definition', 's2', 'checkpoint', '检查点']) {
      const server = await api(`/graph?q=${encodeURIComponent(q)}&limit=800`);
      const local = await source.graph({ q, limit: 800 });
      expect(local.view.matchedNodes, q).toBe(server.view.matchedNodes);
      // The matched nodes and their one-hop neighbours, and the relations among them.
      expect(ids(local), q).toEqual(ids(server));
      expect(local.edges.map((e) => e.id).sort(), q).toEqual(server.edges.map((e: { id: string }) => e.id).sort());
    }
    for (const section of ['s2', 's5']) {
      const server = await api(`/graph?section=${section}&limit=800`);
      const local = await source.graph({ section, limit: 800 });
      expect(ids(local).length, section).toBeGreaterThan(0);
      expect(ids(local), section).toEqual(ids(server));
      expect(local.edges.map((e) => e.id).sort(), section).toEqual(
        server.edges.map((e: { id: string }) => e.id).sort(),
      );
      expect(local.view, section).toEqual(server.view);
      const serverQuery = await api(`/graph?section=${section}&q=definition`);
      const localQuery = await source.graph({ section, q: 'definition' });
      expect(ids(localQuery), section).toEqual(ids(serverQuery));
      expect(localQuery.view.matchedNodes, section).toBe(serverQuery.view.matchedNodes);
    }
    const units = await source.units(100, 50);
    expect(units.units.some((u) => (u.nodeTypes ?? []).length > 0)).toBe(true);
    expect(units.units).toEqual((await api('/units?offset=100&limit=50')).units);
  }, 120_000);
});
