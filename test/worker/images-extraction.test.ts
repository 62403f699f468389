// Images → transcript → graph inside workerd against the scripted vision model (docs/contracts/images.md#transcription, #reading-images-back, #tests):
// one transcription call carries the images and no later call does (retries and resume included), the revision
// records source.visualSource with every image's unit range, image bytes exist only in R2 (never in D1, the task
// record or a checkpoint), and an image is served only by the document it belongs to.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { DocumentDO } from '../../durable-objects/document-do';
import { CHART_PNG_BASE64, DIAGRAM_PNG_BASE64, fromBase64 } from '../support/images';
import { allUnits, call, createDocument, expectError, json, waitForTask, type GraphBody } from './helpers';
import { modelId, scriptedCalls } from './model-helpers';

const images = [
  { name: 'water-cycle.png', mediaType: 'image/png', data: DIAGRAM_PNG_BASE64 },
  { name: 'rainfall.png', mediaType: 'image/png', data: CHART_PNG_BASE64 },
];
/** Distinctive slices of each image's base64 and bytes (the PNG header is common to every PNG). */
const needles = images.map((i) => i.data.slice(80, 140));

async function d1Dump(): Promise<string> {
  const tables = await env.DB.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite_%'`,
  ).all<{ name: string }>();
  let dump = '';
  for (const { name } of tables.results) {
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
    dump += JSON.stringify(rows.results);
  }
  return dump;
}

function expectNoImageBytes(haystack: string) {
  for (const needle of needles) expect(haystack).not.toContain(needle);
  // Raw bytes as text (latin1 and a hex dump) would not contain the base64 needle: look for them too.
  for (const image of images) {
    const bytes = fromBase64(image.data).subarray(40, 80);
    expect(haystack).not.toContain(String.fromCharCode(...bytes));
    expect(haystack).not.toContain(Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(''));
  }
}

async function taskRecordDump(documentId: string): Promise<string> {
  return runInDurableObject(env.DOC.getByName(documentId), (_instance: DocumentDO, state) =>
    JSON.stringify(state.storage.sql.exec('SELECT * FROM tasks').toArray()),
  );
}

describe('images become graphs', () => {
  it('transcribes once, extracts from the transcript, and records visualSource (JSON base64)', async () => {
    const text = 'These two figures come from the hydrology lecture.';
    const created = await createDocument(text, { model: modelId('vision@json'), images, title: 'Hydrology figures' });
    const done = await waitForTask(created.taskId);
    expect(done).toMatchObject({ status: 'succeeded', revision: 1 });

    const calls = await scriptedCalls('vision@json');
    expect(calls[0]!.images).toBe(2);
    expect(calls[0]!.user).toContain('图片 1，文件名：water-cycle.png');
    expect(calls[0]!.user).toContain('用户补充说明：These two figures');
    expect(calls[0]!.system).toContain('每一条独立关系必须单独形成一个可引用 diagram 单元');
    expect(calls.length).toBeGreaterThan(2);
    expect(calls.slice(1).every((c) => c.images === 0)).toBe(true);

    const { body: visual } = await json(`/api/documents/${created.documentId}/images`);
    expect(visual.visualSource).toMatchObject({
      version: 1,
      kind: 'image-derived',
      transcriptMethod: 'multimodal-model',
    });
    const [one, two] = visual.visualSource.images;
    expect(one).toMatchObject({
      id: 'image-1',
      name: 'water-cycle.png',
      unitCount: 7,
      attachment: { mediaType: 'image/png' },
    });
    expect(two).toMatchObject({ id: 'image-2', name: 'rainfall.png' });
    expect(one.startParagraph).toBeGreaterThan(1); // the user's text comes first
    expect(one.endParagraph).toBeLessThan(two.startParagraph);
    expect(visual.visualSource.warnings).toEqual(['water-cycle.png: The bottom-right label is blurred.']);

    const units = await allUnits(created.documentId);
    const source = units.map((u) => u.text).join('\n');
    expect(source).toContain('These two figures come from the hydrology lecture.');
    expect(source).toContain('[Table] ');
    expect(source).toContain('[Diagram] Evaporation 1 → Condensation 1');
    expect(units[units.length - 1]!.n).toBe(two.endParagraph);

    const graph = (await json<GraphBody>(`/api/documents/${created.documentId}/graph`)).body;
    expect(graph.nodes.length).toBeGreaterThan(10);
    const inImage = (p: number) =>
      visual.visualSource.images.some((img: any) => p >= img.startParagraph && p <= img.endParagraph);
    for (const node of graph.nodes) {
      if (node.paragraph !== null && node.paragraph >= one.startParagraph) expect(inImage(node.paragraph)).toBe(true);
    }
    // Nodes of both images exist, each inside its own range.
    expect(
      graph.nodes.some(
        (n) => n.paragraph! >= one.startParagraph && n.paragraph! <= one.endParagraph && /Evaporation 1/.test(n.text),
      ),
    ).toBe(true);
    expect(
      graph.nodes.some(
        (n) =>
          n.paragraph! >= two.startParagraph && n.paragraph! <= two.endParagraph && /Rainfall in chart 2/.test(n.text),
      ),
    ).toBe(true);

    // The originals come back byte for byte, never cached; API answers carry no image bytes.
    const res = await call(`/api/documents/${created.documentId}/images/image-2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('pragma')).toBe('no-cache');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(fromBase64(CHART_PNG_BASE64));
    expectNoImageBytes(
      JSON.stringify([visual, graph, done, (await json(`/api/documents/${created.documentId}`)).body]),
    );
    expectNoImageBytes(await d1Dump());
    expectNoImageBytes(await taskRecordDump(created.documentId));
  });

  it('takes multipart uploads, and serves an image only to the document it belongs to', async () => {
    const form = new FormData();
    form.append('model', modelId('vision@other'));
    form.append(
      'images',
      new File([fromBase64(DIAGRAM_PNG_BASE64) as Uint8Array<ArrayBuffer>], 'only.png', { type: 'image/png' }),
    );
    const res = await call('/api/documents', { method: 'POST', body: form });
    expect(res.status).toBe(202);
    const imageDoc = (await res.json()) as { documentId: string; taskId: string; images: unknown[] };
    expect(imageDoc.images).toEqual([
      { id: 'image-1', name: 'only.png', mediaType: 'image/png', bytes: fromBase64(DIAGRAM_PNG_BASE64).length },
    ]);
    expect((await waitForTask(imageDoc.taskId)).status).toBe('succeeded');
    const { body: visual } = await json(`/api/documents/${imageDoc.documentId}/images`);
    expect(visual.visualSource.images[0].startParagraph).toBe(1); // no user text: the image starts the document

    const textDoc = await createDocument('A plain text document about rivers. Rivers flow to the sea.');
    await waitForTask(textDoc.taskId);
    // The text document has no images: asking it for the image document's image is 404, as is any other id.
    expectError(await json(`/api/documents/${textDoc.documentId}/images/image-1`), 404, 'not_found');
    expect((await json(`/api/documents/${textDoc.documentId}/images`)).body.visualSource).toBeNull();
    expectError(await json(`/api/documents/${imageDoc.documentId}/images/image-2`), 404, 'not_found');
    expectError(
      await json(`/api/documents/${imageDoc.documentId}/images/${visual.visualSource.images[0].attachment.sha256}`),
      404,
      'not_found',
    );
    expectError(await json(`/api/documents/${imageDoc.documentId}/images/..%2Fsource`), 404, 'not_found');
    expect((await call(`/api/documents/${imageDoc.documentId}/images/image-1`)).status).toBe(200);
  });

  it('fails a task model_image_unsupported when a model of unknown capability refuses the images', async () => {
    const created = await createDocument('', {
      model: modelId('vision-refuse-images@unknown'),
      images: images.slice(0, 1),
    });
    const done = await waitForTask(created.taskId);
    expect(done).toMatchObject({ status: 'failed', error: { code: 'model_image_unsupported' } });
  });

  it('fails typed, publishing nothing, when the transcription omits an image or is not JSON', async () => {
    for (const [model, code] of [
      ['vision-omit-image@t', 'visual_schema_invalid'],
      ['vision-not-json@t', 'visual_schema_invalid'],
    ] as const) {
      const created = await createDocument('', { model: modelId(model), images });
      expect(await waitForTask(created.taskId)).toMatchObject({
        status: 'failed',
        error: { code },
        stage: 'transcribe',
      });
      expect((await json(`/api/documents/${created.documentId}`)).body.revision).toBe(0);
      expect((await scriptedCalls(model)).length).toBe(1);
    }
  });

  it('speaks the Anthropic Messages API with image blocks', async () => {
    const created = await createDocument('', { model: 'anthropic:vision@anthropic', images: images.slice(1) });
    expect((await waitForTask(created.taskId)).status).toBe('succeeded');
    const calls = await scriptedCalls('vision@anthropic');
    expect(calls[0]).toMatchObject({ api: 'anthropic', images: 1 });
    expect(calls.slice(1).every((c) => c.images === 0)).toBe(true);
  });

  it('resumes after a crash from the transcript checkpoint without sending the images again', async () => {
    const created = await createDocument('Figures for the resume test.', {
      model: modelId('vision-slow-800@resume'),
      images,
    });
    const prefix = `documents/${created.documentId}/tasks/${created.taskId}/`;
    // The transcript checkpoint is written before any batch; wait until a batch is checkpointed too.
    await expect
      .poll(async () => (await env.BLOBS.list({ prefix })).objects.map((o) => o.key.slice(prefix.length)), {
        timeout: 30_000,
      })
      .toEqual(expect.arrayContaining(['transcript.json', expect.stringMatching(/^batch-/)]));
    const checkpoint = await (await env.BLOBS.get(`${prefix}transcript.json`))!.text();
    expect(JSON.parse(checkpoint).text).toContain('[Image 2: rainfall.png]');
    expectNoImageBytes(checkpoint);
    for (const o of (await env.BLOBS.list({ prefix })).objects)
      expectNoImageBytes(await (await env.BLOBS.get(o.key))!.text());

    await runInDurableObject(env.DOC.getByName(created.documentId), (_i: DocumentDO, state) =>
      state.abort('simulated crash'),
    ).catch(() => undefined);
    const before = (await scriptedCalls('vision-slow-800@resume')).length;
    expect(await runDurableObjectAlarm(env.DOC.getByName(created.documentId))).toBe(true);
    expect(await waitForTask(created.taskId, 60_000)).toMatchObject({ status: 'succeeded', revision: 1 });

    const calls = await scriptedCalls('vision-slow-800@resume');
    expect(calls.length).toBeGreaterThan(before);
    expect(calls.filter((c) => c.images > 0)).toHaveLength(1);
    expect(calls[0]!.images).toBe(2);
    const { body: visual } = await json(`/api/documents/${created.documentId}/images`);
    expect(visual.visualSource.images).toHaveLength(2);
    expect((await call(`/api/documents/${created.documentId}/images/image-1`)).status).toBe(200);
    expectNoImageBytes(await d1Dump());
    expectNoImageBytes(await taskRecordDump(created.documentId));
  });
});
