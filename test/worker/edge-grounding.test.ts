// The edge faithfulness rule (issue 17) on the model path: the scripted model's `forged-endpoint` answer is valid
// except that the source node of its first edge quotes words the text does not hold. The node stays, unsupported;
// its edge is dropped with the reason `endpoint_ungrounded`, recorded in the audit; nothing else is lost.
import { describe, expect, it } from 'vitest';
import { createDocument, json, waitForTask, type GraphBody } from './helpers';
import { modelId, paragraphs } from './model-helpers';

describe('edge grounding on the model path', () => {
  it('drops the edge of a forged endpoint and records why', async () => {
    const created = await createDocument(paragraphs(2, 'forged'), { model: modelId('forged-endpoint') });
    const task = await waitForTask(created.taskId, 60_000);
    expect(task.status).toBe('succeeded');
    const doc = (await json(`/api/documents/${created.documentId}`)).body;
    expect(doc.audit.droppedEdges.items).toContainEqual(
      expect.objectContaining({ relation: 'infers', reason: 'endpoint_ungrounded' }),
    );
    const graph = (await json<GraphBody>(`/api/documents/${created.documentId}/graph`)).body;
    const unsupported = new Set(graph.nodes.filter((n) => n.groundingStatus === 'unsupported').map((n) => n.id));
    expect(unsupported.size).toBeGreaterThan(0);
    for (const e of graph.edges) {
      expect(
        unsupported.has(e.fromNodeId) || unsupported.has(e.toNodeId),
        `edge ${e.id} touches an unsupported node`,
      ).toBe(false);
    }
    // Every batch forged its first edge's source, so no `infers` edge is left; the same answer without the forgery
    // keeps them (model-extraction.test.ts, 'ok': "Therefore …" refers back to the unit before in its paragraph).
    expect(graph.edges.filter((e) => e.relation === 'infers')).toEqual([]);
  });
});
