// A plain placeholder for the demo page until the <kg-workbench> component lands. Document text is only ever
// written with textContent.
const $ = (id) => document.getElementById(id);

async function api(path, init) {
  const res = await fetch(path, init);
  const body = await res.json();
  if (!res.ok) throw new Error(`${body.error?.code}: ${body.error?.message}`);
  return body;
}

async function showEngine() {
  const { models } = await api('/api/models');
  const model = models.find((m) => m.default) ?? models[0];
  $('engine').textContent = `Extractor: ${model.label}.`;
}

async function extract() {
  $('result').textContent = '';
  $('status').textContent = 'Submitting…';
  try {
    const { taskId, documentId } = await api('/api/documents', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: $('title').value || undefined, text: $('text').value }),
    });
    let task;
    do {
      await new Promise((r) => setTimeout(r, 300));
      task = await api(`/api/tasks/${taskId}`);
      $('status').textContent = `${task.status} · ${task.stage} · ${task.progress.done}/${task.progress.total}`;
    } while (task.status === 'queued' || task.status === 'running');
    if (task.status !== 'succeeded') throw new Error(`${task.error?.code}: ${task.error?.message}`);
    const graph = await api(`/api/documents/${documentId}/graph`);
    const anchored = graph.nodes.filter((n) => n.groundingStatus === 'grounded').length;
    $('status').textContent = `${graph.view.totalNodes} nodes · ${graph.view.totalEdges} relations · anchored ${anchored}/${graph.nodes.length}`;
    const list = document.createElement('ol');
    for (const node of graph.nodes.slice(0, 50)) {
      const item = document.createElement('li');
      item.dataset.nodeId = node.id;
      item.textContent = `[${node.type}] ${node.text}`;
      list.append(item);
    }
    $('result').append(list);
  } catch (error) {
    $('status').textContent = String(error.message ?? error);
  }
}

$('extract').addEventListener('click', extract);
showEngine().catch((e) => ($('engine').textContent = String(e.message ?? e)));
