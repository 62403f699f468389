// In-page half of bench/ui-graph.bench.ts (plain browser JavaScript, served as is: code passed through
// page.evaluate from tsx would reference its __name helper, which the page does not have).
// window.__kgBench.draw(kind) shows the graph in window.__kgData one of three ways and reports, in ms from the start:
//   ours    – <kg-graph-view> created with its data as the workbench creates it (nodes, edges, layout 'layered' and
//             a server-layout callback, which here answers at once with the layout computed in Node, as a cache hit);
//   static  – the same element without a server callback, as <kg-workbench src> shows a graph: force layout in the page;
//   baseline – the simplest drawing of the same graph: one SVG string of N rects, N texts and E lines, set by innerHTML.
// "first" is when the first frame holding nodes has been painted: each animation frame queues a task that runs
// after that frame's paint and checks whether nodes were in it. "all" is the same for the frame holding every node.
(() => {
  const SVG_NS = 'http://www.w3.org/2000/svg';

  function escapeXml(text) {
    return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  }

  function baselineSvg(data) {
    const { layered, nodes, edges } = data;
    const box = new Map(layered.nodes.map((n) => [n.id, n]));
    const text = new Map(nodes.map((n) => [n.id, n.text]));
    const parts = [
      `<svg xmlns="${SVG_NS}" width="1280" height="800" viewBox="0 0 ${layered.width} ${layered.height}" font-family="sans-serif" font-size="12">`,
    ];
    for (const e of edges) {
      const a = box.get(e.fromNodeId);
      const b = box.get(e.toNodeId);
      if (!a || !b) continue;
      parts.push(
        `<line x1="${a.x + a.width / 2}" y1="${a.y + a.height / 2}" x2="${b.x + b.width / 2}" y2="${b.y + b.height / 2}" stroke="#8a96a3"/>`,
      );
    }
    for (const n of layered.nodes) {
      parts.push(
        `<rect x="${n.x}" y="${n.y}" width="${n.width}" height="${n.height}" rx="6" fill="#eef" stroke="#1f6feb"/>`,
      );
      parts.push(`<text x="${n.x + 8}" y="${n.y + 18}">${escapeXml(text.get(n.id) || '')}</text>`);
    }
    parts.push('</svg>');
    return parts.join('');
  }

  function frames(n) {
    return new Promise((resolve) => {
      const step = () => (--n <= 0 ? resolve() : requestAnimationFrame(step));
      requestAnimationFrame(step);
    });
  }

  /** Resolves with the time after the paint of the first frame in which count() reached `want`. */
  function paintedWhen(count, want) {
    return new Promise((resolve) => {
      function frame() {
        setTimeout(() => {
          if (count() >= want) resolve(performance.now());
          else requestAnimationFrame(frame);
        }, 0);
      }
      requestAnimationFrame(frame);
    });
  }

  async function draw(kind) {
    const data = window.__kgData;
    document.body.replaceChildren();
    await frames(2);
    let count;
    let root;
    performance.mark(`kg-${kind}-start`);
    const start = performance.now();
    if (kind === 'baseline') {
      const host = document.createElement('div');
      host.innerHTML = baselineSvg(data);
      document.body.append(host);
      root = host;
      count = () => host.getElementsByTagName('rect').length;
    } else {
      const el = document.createElement('kg-graph-view');
      el.style.cssText = 'display:block;width:1280px;height:800px';
      el.nodes = data.nodes;
      el.edges = data.edges;
      el.layout = 'layered';
      if (kind === 'ours') el.layeredLayout = () => Promise.resolve(data.layered);
      document.body.append(el);
      root = el.shadowRoot;
      count = () => (el.shadowRoot ? el.shadowRoot.querySelectorAll('[data-node-id]').length : 0);
    }
    const first = (await paintedWhen(count, 1)) - start;
    performance.mark(`kg-${kind}-first-frame`);
    const drawnFirst = count();
    const all = (await paintedWhen(count, data.nodes.length)) - start;
    const svg = root.querySelector('svg.graph') || root.querySelector('svg');
    return {
      first,
      all,
      drawnFirst,
      svgElements: svg ? svg.getElementsByTagName('*').length + 1 : 0,
      elements: root.querySelectorAll('*').length,
    };
  }

  window.__kgBench = { draw };
})();
