// In-page half of bench/overview.bench.ts (plain browser JavaScript, served as is). window.__ovBench.draw(kind)
// shows the graph in window.__ovData one of four ways and reports ms from the start to the paint of the first frame
// holding it:
//   overview   – <kg-graph-overview> given the columnar overview answer (what GET …/overview returns);
//   cy         – Cytoscape.js on the same nodes and relations at the same preset positions (layout time excluded for
//                both), nodes as small squares coloured by type, relations as its default haystack lines, no labels;
//   detail     – <kg-graph-view> with the 800-node window and its precomputed layout (as the workbench gets it);
//   cy-detail  – Cytoscape.js with the same 800 nodes at the same positions, labelled with their texts.
(() => {
  const TYPE_COLOURS = ['#1c7ed6', '#e8590c', '#7048e8', '#2f9e44', '#0c8599', '#f08c00', '#c2255c', '#5c940d'];

  function frames(n) {
    return new Promise((resolve) => {
      const step = () => (--n <= 0 ? resolve() : requestAnimationFrame(step));
      requestAnimationFrame(step);
    });
  }

  /** Resolves with the time after the paint of the first frame in which done() holds. */
  function paintedWhen(done) {
    return new Promise((resolve) => {
      function frame() {
        setTimeout(() => {
          if (done()) resolve(performance.now());
          else requestAnimationFrame(frame);
        }, 0);
      }
      requestAnimationFrame(frame);
    });
  }

  function host() {
    const el = document.createElement('div');
    el.style.cssText = 'width:1280px;height:800px;position:relative';
    document.body.append(el);
    return el;
  }

  const cyStyle = (labels) => [
    {
      selector: 'node',
      style: {
        width: 7,
        height: 7,
        shape: 'rectangle',
        'background-color': 'data(c)',
        ...(labels
          ? {
              label: 'data(t)',
              'font-size': 12,
              'text-valign': 'center',
              'text-halign': 'right',
              width: 160,
              height: 40,
              'text-wrap': 'wrap',
              'text-max-width': 150,
            }
          : {}),
      },
    },
    { selector: 'edge', style: { width: 0.75, 'line-color': '#8a96a3', opacity: 0.4 } },
  ];

  /** Cytoscape elements of the overview data (built before the clock starts: the embedder's own format). */
  function cyElements(d) {
    const els = [];
    for (let i = 0; i < d.count; i++)
      els.push({
        group: 'nodes',
        data: { id: d.ids[i], c: TYPE_COLOURS[d.type[i] % 8] },
        position: { x: d.x[i], y: d.y[i] },
      });
    for (let k = 0; k < d.edges.length; k += 2)
      els.push({ group: 'edges', data: { id: `e${k}`, source: d.ids[d.edges[k]], target: d.ids[d.edges[k + 1]] } });
    return els;
  }

  function cyDetailElements(detail) {
    const box = new Map(detail.layout.nodes.map((n) => [n.id, n]));
    const els = [];
    for (const n of detail.nodes) {
      const b = box.get(n.id);
      els.push({
        group: 'nodes',
        data: { id: n.id, t: n.text, c: '#1c7ed6' },
        position: { x: b.x + b.width / 2, y: b.y + b.height / 2 },
      });
    }
    for (const e of detail.edges)
      els.push({ group: 'edges', data: { id: e.id, source: e.fromNodeId, target: e.toNodeId } });
    return els;
  }

  let current = null;

  async function draw(kind) {
    const data = window.__ovData;
    if (current?.destroy) current.destroy();
    current = null;
    document.body.replaceChildren();
    await frames(2);
    const prepared =
      kind === 'cy' ? cyElements(data.overview) : kind === 'cy-detail' ? cyDetailElements(data.detail) : null;
    await frames(1);
    const start = performance.now();
    let done;
    if (kind === 'overview') {
      const el = document.createElement('kg-graph-overview');
      el.style.cssText = 'display:block;width:1280px;height:800px';
      el.data = data.overview;
      document.body.append(el);
      current = el;
      done = () => el.frames > 0;
    } else if (kind === 'detail') {
      const el = document.createElement('kg-graph-view');
      el.style.cssText = 'display:block;width:1280px;height:800px';
      el.nodes = data.detail.nodes;
      el.edges = data.detail.edges;
      el.layout = 'layered';
      el.layeredLayout = () => Promise.resolve(data.detail.layout);
      document.body.append(el);
      current = el;
      done = () =>
        el.shadowRoot ? el.shadowRoot.querySelectorAll('[data-node-id]').length >= data.detail.nodes.length : false;
    } else {
      let rendered = false;
      const cy = window.cytoscape({
        container: host(),
        elements: prepared,
        layout: { name: 'preset' },
        style: cyStyle(kind === 'cy-detail'),
        // Cytoscape's own defaults otherwise (no texture or edge hiding during pan/zoom: the same work as ours).
      });
      cy.one('render', () => (rendered = true));
      cy.fit(undefined, 10);
      current = cy;
      done = () => rendered;
    }
    const first = (await paintedWhen(done)) - start;
    return { first };
  }

  /** Frames per second while a pan or zoom runs for `ms`; events every 4 ms (faster than frames). Ours gets real
   * pointer and wheel events; Cytoscape is driven through its viewport API (its mouse handlers listen on window). */
  async function interact(kind, mode, ms) {
    let frames = 0;
    let worst = 0;
    let last = performance.now();
    const start = last;
    let drive = () => {};
    if (mode === 'idle') {
      // No input: the page's own frame rate with the drawing on screen (the ceiling for pan and zoom).
    } else if (kind === 'overview') {
      const el = current;
      const canvas = el.shadowRoot.querySelector('canvas');
      const r = canvas.getBoundingClientRect();
      const cx = r.left + r.width / 2,
        cy = r.top + r.height / 2;
      const pointer = (type, x, y) =>
        canvas.dispatchEvent(
          new PointerEvent(type, {
            bubbles: true,
            composed: true,
            pointerId: 1,
            isPrimary: true,
            button: 0,
            clientX: x,
            clientY: y,
          }),
        );
      if (mode === 'pan') {
        pointer('pointerdown', cx, cy);
        drive = (t) => pointer('pointermove', cx + 300 * Math.sin(t / 150), cy + 200 * Math.cos(t / 190));
      } else {
        drive = (t) =>
          canvas.dispatchEvent(
            new WheelEvent('wheel', {
              bubbles: true,
              cancelable: true,
              deltaY: Math.sin(t / 120) * 40,
              clientX: cx,
              clientY: cy,
            }),
          );
      }
    } else {
      const cy = current;
      const pan0 = cy.pan();
      const zoom0 = cy.zoom();
      drive =
        mode === 'pan'
          ? (t) => cy.pan({ x: pan0.x + 300 * Math.sin(t / 150), y: pan0.y + 200 * Math.cos(t / 190) })
          : (t) => cy.zoom({ level: zoom0 * Math.exp(Math.sin(t / 120) * 0.4), renderedPosition: { x: 640, y: 400 } });
    }
    const before = viewOf(kind);
    const timer = setInterval(() => drive(performance.now() - start), 4);
    await new Promise((resolve) => {
      function tick(now) {
        frames++;
        worst = Math.max(worst, now - last);
        last = now;
        if (now - start < ms) requestAnimationFrame(tick);
        else resolve();
      }
      requestAnimationFrame(tick);
    });
    clearInterval(timer);
    if (kind === 'overview' && mode === 'pan') {
      const canvas = current.shadowRoot.querySelector('canvas');
      canvas.dispatchEvent(
        new PointerEvent('pointerup', {
          bubbles: true,
          composed: true,
          pointerId: 1,
          isPrimary: true,
          button: 0,
          clientX: 0,
          clientY: 0,
        }),
      );
    }
    const after = viewOf(kind);
    return {
      fps: (frames * 1000) / (performance.now() - start),
      worstMs: worst,
      moved: before !== after,
      labels: kind === 'overview' ? current.placedLabels.length : 0,
    };
  }

  function viewOf(kind) {
    if (kind === 'overview') return JSON.stringify(current.view);
    return JSON.stringify([current.pan(), current.zoom()]);
  }

  window.__ovBench = { draw, interact };
})();
