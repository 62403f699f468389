// The whole-document overview in the workbench (issue 16), in Chromium against wrangler dev: a document of a few
// thousand nodes (the built-in extractor on a long text) → "Overview" shows every node with labels that never
// overlap → wheel-zooming into a region hands over to the detailed view, which then shows exactly the nodes the
// overview sent → the selection shows in both views, and clicking a node in the overview selects it in the detail.
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { mixedText } from '../support/texts';
import {
  createViaApi,
  drawnNodeIds,
  eventually,
  graphNodes,
  openDemo,
  settled,
  taskSucceeded,
} from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const OUT = path.resolve(__dirname, '../../test-results');
let documentId = '';
let nodeCount = 0;

beforeAll(async () => {
  const created = await createViaApi(baseUrl, { text: mixedText(150_000), title: 'Overview book' });
  await taskSucceeded(baseUrl, created.taskId, { timeout: 150_000 });
  documentId = created.documentId;
  nodeCount = (await (await fetch(`${baseUrl}/api/documents/${documentId}`)).json()).nodeCount;
  await openDemo(browser.page, baseUrl, `/#doc=${documentId}`);
  await graphNodes(browser.page).first().waitFor({ timeout: 60_000 });
  await browser.page.addInitScript(() => {
    (window as unknown as { __focus: unknown[] }).__focus = [];
  });
  await browser.page.evaluate(() => {
    (window as unknown as { __focus: unknown[] }).__focus = [];
    document.addEventListener('overview-focus', (e) =>
      (window as unknown as { __focus: unknown[] }).__focus.push((e as CustomEvent).detail),
    );
  });
}, 240_000);

interface OverviewState {
  n: number;
  frames: number;
  labels: Array<{ x: number; y: number; w: number; h: number; kind: string }>;
  view: { scale: number; tx: number; ty: number; w: number; h: number };
  selected: string[];
  regions: Array<{ x: number; y: number; w: number; h: number; count: number }>;
}

/** The overview element's state, read from its shadow root's host inside the workbench. */
function overviewState(): Promise<OverviewState | null> {
  return browser.page.evaluate(() => {
    const wb = document.querySelector('kg-workbench')!;
    const el = wb.shadowRoot!.querySelector('kg-graph-overview') as unknown as {
      model: { n: number; sections: OverviewState['regions'] } | null;
      frames: number;
      placedLabels: OverviewState['labels'];
      view: OverviewState['view'];
      selectedIds: string[];
    } | null;
    if (!el?.model) return null;
    return {
      n: el.model.n,
      frames: el.frames,
      labels: el.placedLabels,
      view: el.view,
      selected: [...el.selectedIds],
      regions: el.model.sections,
    };
  });
}

const canvasBox = async () => (await browser.page.locator('kg-graph-overview canvas').boundingBox())!;

describe('the whole-document overview', () => {
  it('shows every node of a document larger than one window, with labels that never overlap', async () => {
    const { page } = browser;
    expect(nodeCount).toBeGreaterThan(1500);
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    await eventually(async () => (await overviewState())?.frames ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
    await settled(page);
    await page.screenshot({ path: path.join(OUT, 'workbench-overview.png') });
    const state = (await overviewState())!;
    expect(state.n).toBe(nodeCount);
    expect(state.labels.filter((l) => l.kind === 'section').length).toBeGreaterThan(3);
    const nodeLabels = state.labels.filter((l) => l.kind === 'node').length;
    expect(nodeLabels).toBeGreaterThanOrEqual(3);
    const apart = (labels: OverviewState['labels']) => {
      for (const a of labels) {
        for (const b of labels) {
          if (a !== b) expect(a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h).toBe(false);
        }
      }
    };
    apart(state.labels);
    // Zoomed in (keyboard, below the hand-over zoom), more nodes get labels, still none overlapping.
    await page.locator('kg-graph-overview canvas').focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await eventually(async () => (await overviewState())!.view.scale).toBeGreaterThan(state.view.scale * 1.5);
    await eventually(
      async () => (await overviewState())!.labels.filter((l) => l.kind === 'node').length,
    ).toBeGreaterThan(nodeLabels);
    apart((await overviewState())!.labels);
    await page.keyboard.press('0');
  });

  it('zooming into a region opens exactly the nodes the overview sent in the detailed view', async () => {
    const { page } = browser;
    const state = (await overviewState())!;
    // Zoom at the middle of the fourth section's region.
    const r = state.regions[3];
    const box = await canvasBox();
    const x = box.x + (r.x + r.w / 2) * state.view.scale + state.view.tx;
    const y = box.y + (r.y + r.h / 2) * state.view.scale + state.view.ty;
    await page.mouse.move(x, y);
    for (
      let i = 0;
      i < 12 && (await page.evaluate(() => (window as unknown as { __focus: unknown[] }).__focus.length)) === 0;
      i++
    ) {
      await page.mouse.wheel(0, -250);
      await page.waitForTimeout(50); // wheel events a reader would send, not a wait for a condition
    }
    const [focus] = await page.evaluate(() => (window as unknown as { __focus: Array<{ nodeIds: string[] }> }).__focus);
    expect(focus.nodeIds.length).toBeGreaterThan(20);
    expect(focus.nodeIds.length).toBeLessThanOrEqual(800);
    await eventually(async () => await page.locator('kg-graph-overview').count(), { timeout: 20_000 }).toBe(0);
    await eventually(async () => (await drawnNodeIds(page)).sort().join(), { timeout: 60_000 }).toBe(
      [...focus.nodeIds].sort().join(),
    );
  });

  it('shows the selection in both views, and a node clicked in the overview is selected in the detail', async () => {
    const { page } = browser;
    // A node drawn inside the graph pane's visible part.
    const pane = (await page.locator('kg-graph-view').boundingBox())!;
    let picked = '';
    for (const id of await drawnNodeIds(page)) {
      const b = await page.locator(`kg-graph-view [data-node-id="${id}"]`).first().boundingBox();
      if (
        b &&
        b.x > pane.x + 20 &&
        b.y > pane.y + 40 &&
        b.x + b.width < pane.x + pane.width - 20 &&
        b.y + b.height < pane.y + pane.height - 20
      ) {
        picked = id;
        break;
      }
    }
    expect(picked).not.toBe('');
    await page.locator(`kg-graph-view [data-node-id="${picked}"]`).first().click();
    await eventually(() =>
      page.evaluate(
        () =>
          (document.querySelector('kg-workbench') as unknown as { selection: { selectedNodeId: string } }).selection
            .selectedNodeId,
      ),
    ).toBe(picked);
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    await eventually(async () => (await overviewState())?.selected ?? [], { timeout: 20_000 }).toEqual([picked]);

    // Click another node of the overview: it opens around it and is selected in the detailed view.
    const target = await page.evaluate((skip) => {
      const el = document.querySelector('kg-workbench')!.shadowRoot!.querySelector('kg-graph-overview') as unknown as {
        model: { n: number; ids: string[]; x: Float32Array; y: Float32Array };
        view: { scale: number; tx: number; ty: number; w: number; h: number };
      };
      const { model, view } = el;
      for (let i = 0; i < model.n; i++) {
        const sx = model.x[i] * view.scale + view.tx;
        const sy = model.y[i] * view.scale + view.ty;
        if (model.ids[i] !== skip && sx > 100 && sy > 100 && sx < view.w - 100 && sy < view.h - 100)
          return { id: model.ids[i], sx, sy };
      }
      return null;
    }, picked);
    expect(target).not.toBeNull();
    const box = await canvasBox();
    await page.mouse.click(box.x + target!.sx, box.y + target!.sy);
    await eventually(
      () =>
        page.evaluate(
          () =>
            (document.querySelector('kg-workbench') as unknown as { selection: { selectedNodeId: string } }).selection
              .selectedNodeId,
        ),
      { timeout: 30_000 },
    ).toBe(target!.id);
    await eventually(async () => (await drawnNodeIds(page)).includes(target!.id), { timeout: 60_000 }).toBe(true);
  });
});
