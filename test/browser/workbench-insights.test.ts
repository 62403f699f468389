// The workbench's place for <kg-insights-panel> (issue 6): shown when the element is defined, fed with
// GET /api/documents/:id/insights after each load, and its kg-insight-select highlights evidence in both panes.
// A stand-in panel (defined before the bundle loads) keeps this test about the shell's side of the contract.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { EN_TEXT, extract, loadedGraph, openDemo, eventually } from './workbench-helpers';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

beforeAll(async () => {
  await browser.page.addInitScript(() => {
    // The real panel may be in the bundle too; the stand-in, defined first, wins.
    const define = customElements.define.bind(customElements);
    customElements.define = (name: string, ctor: CustomElementConstructor, options?: ElementDefinitionOptions) => {
      if (name === 'kg-insights-panel' && customElements.get(name)) return;
      define(name, ctor, options);
    };
    class StandInPanel extends HTMLElement {
      private value: {
        insights: Array<{ id: string; title: string; references: { nodeIds: string[]; edgeIds?: string[] } }>;
      } | null = null;
      set data(value: StandInPanel['value']) {
        this.value = value;
        (window as unknown as { __insightsData: unknown }).__insightsData = value;
        this.replaceChildren(
          ...(value?.insights ?? []).map((insight) => {
            const button = document.createElement('button');
            button.textContent = insight.title;
            button.addEventListener('click', () =>
              this.dispatchEvent(
                new CustomEvent('kg-insight-select', {
                  detail: {
                    insightId: insight.id,
                    nodeIds: insight.references.nodeIds,
                    edgeIds: insight.references.edgeIds ?? [],
                  },
                  bubbles: true,
                  composed: true,
                }),
              ),
            );
            return button;
          }),
        );
      }
      get data() {
        return this.value;
      }
    }
    customElements.define('kg-insights-panel', StandInPanel);
  });
});

describe('the insights panel place', () => {
  it("feeds the panel after a load and highlights an insight's nodes, relations and units", async () => {
    const { page } = browser;
    await openDemo(page, baseUrl);
    await extract(page, EN_TEXT, { title: 'Insights' });
    const { nodes } = await loadedGraph(page);
    const picked = nodes.filter((n) => n.paragraph !== null).slice(0, 2);
    await page.route('**/api/documents/*/insights', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          round: 1,
          insights: [{ id: 'i1', title: 'Two claims touch', references: { nodeIds: picked.map((n) => n.id) } }],
          topics: [],
        }),
      }),
    );
    await page.reload();
    const button = page.getByRole('button', { name: 'Two claims touch' });
    await button.waitFor();
    expect(await page.getByRole('button', { name: 'Insights', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await button.click();
    const selected = page.locator('kg-graph-view [data-node-id][aria-selected="true"]');
    await eventually(() =>
      selected.evaluateAll((els) => els.map((e) => e.getAttribute('data-node-id')).sort()),
    ).toEqual(picked.map((n) => n.id).sort());
    const current = page.locator('kg-source-pane [data-unit][aria-current="true"]');
    await eventually(() => current.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-unit'))))).toEqual(
      expect.arrayContaining([...new Set(picked.map((n) => n.paragraph))]),
    );
    // The panel can be folded away.
    await page.getByRole('button', { name: 'Insights', exact: true }).click();
    expect(await page.locator('kg-insights-panel').count()).toBe(0);
    await page.getByRole('button', { name: 'Insights', exact: true }).click();
    await page.unroute('**/api/documents/*/insights');
    expect(browser.errors).toEqual([]);
  });
});
