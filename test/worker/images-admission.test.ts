// Image admission at POST /api/documents (docs/contracts/images.md#admission): every refusal is a typed 4xx with details.reason,
// decided before any model is contacted and before anything is stored (no R2 object, no D1 row, no model call).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DIAGRAM_PNG_BASE64, syntheticImage, toBase64 } from '../support/images';
import { call, expectError, json } from './helpers';
import { modelId } from './model-helpers';

const MiB = 1024 * 1024;
const VISION = modelId('vision@other');

async function allKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.BLOBS.list({ cursor });
    keys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

async function llmRequests(): Promise<number> {
  const origin = new URL((env as unknown as { SCRIPTED_LLM_URL: string }).SCRIPTED_LLM_URL).origin;
  return ((await (await fetch(`${origin}/__stats`)).json()) as { requests: number }).requests;
}

async function documentRows(): Promise<number> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM documents').first<{ n: number }>())!.n;
}

/** Sends `send()`, expects the refusal, and checks that nothing was stored and no model was asked. */
async function refusedWithoutSideEffects(
  send: () => Promise<{ status: number; body: any }>,
  status: number,
  code: string,
  reason?: string,
) {
  const [keys, requests, rows] = [await allKeys(), await llmRequests(), await documentRows()];
  const res = await send();
  expectError(res, status, code);
  if (reason) expect(res.body.error.details).toEqual({ reason });
  expect(await allKeys()).toEqual(keys);
  expect(await documentRows()).toBe(rows);
  expect(await llmRequests()).toBe(requests);
  return res;
}

const png = (name = 'a.png', data = DIAGRAM_PNG_BASE64) => ({ name, mediaType: 'image/png', data });
const postJson = (body: unknown) => json('/api/documents', { method: 'POST', json: body });
const postForm = async (
  files: Array<{ name: string; type: string; bytes: Uint8Array }>,
  fields: Record<string, string> = {},
) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files)
    form.append('images', new File([f.bytes as Uint8Array<ArrayBuffer>], f.name, { type: f.type }));
  const res = await call('/api/documents', { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as any };
};

describe('image admission (JSON base64)', () => {
  it('refuses more than 4 images: 413 image_limit TOO_MANY_IMAGES', async () => {
    await refusedWithoutSideEffects(
      () => postJson({ model: VISION, images: [png(), png(), png(), png(), png()] }),
      413,
      'image_limit',
      'TOO_MANY_IMAGES',
    );
  });

  it('refuses an image over 6 MiB before decoding it: 413 image_too_large', async () => {
    const big = toBase64(syntheticImage('image/png', 6 * MiB + 3));
    await refusedWithoutSideEffects(
      () => postJson({ model: VISION, images: [png('big.png', big)] }),
      413,
      'image_too_large',
      'IMAGE_TOO_LARGE',
    );
  });

  it('refuses images over 16 MiB together: 413 image_limit IMAGES_TOO_LARGE', async () => {
    const part = toBase64(syntheticImage('image/png', 5.9 * MiB));
    await refusedWithoutSideEffects(
      () => postJson({ model: VISION, images: [png('1.png', part), png('2.png', part), png('3.png', part)] }),
      413,
      'image_limit',
      'IMAGES_TOO_LARGE',
    );
  });

  it('refuses data that is not base64, and base64 that is not canonical: 400 image_invalid INVALID_IMAGE_BASE64', async () => {
    await refusedWithoutSideEffects(
      () => postJson({ model: VISION, images: [png('x.png', 'not-base64')] }),
      400,
      'image_invalid',
      'INVALID_IMAGE_BASE64',
    );
    // "QR==" decodes to the same byte as "QQ==": only the canonical spelling is accepted.
    const canonical = toBase64(syntheticImage('image/png', 16));
    expect(canonical.endsWith('==')).toBe(true);
    const padded = `${canonical.slice(0, -3)}${String.fromCharCode(canonical.charCodeAt(canonical.length - 3) + 1)}==`;
    await refusedWithoutSideEffects(
      () => postJson({ model: VISION, images: [png('x.png', padded)] }),
      400,
      'image_invalid',
      'INVALID_IMAGE_BASE64',
    );
    await refusedWithoutSideEffects(
      () => postJson({ model: VISION, images: [png('x.png', DIAGRAM_PNG_BASE64.slice(0, -1))] }),
      400,
      'image_invalid',
      'INVALID_IMAGE_BASE64',
    );
  });

  it('checks the bytes, not only the declared type: wrong magic bytes are image_invalid, other types image_type_unsupported', async () => {
    const gif = toBase64(syntheticImage('image/gif', 64));
    await refusedWithoutSideEffects(
      () => postJson({ model: VISION, images: [png('really-a-gif.png', gif)] }),
      400,
      'image_invalid',
      'IMAGE_SIGNATURE_MISMATCH',
    );
    const text = btoa('hello, I am a text file pretending to be a PNG');
    await refusedWithoutSideEffects(
      () => postJson({ model: VISION, images: [png('note.png', text)] }),
      400,
      'image_invalid',
      'IMAGE_SIGNATURE_MISMATCH',
    );
    await refusedWithoutSideEffects(
      () => postJson({ model: VISION, images: [{ name: 'x.bmp', mediaType: 'image/bmp', data: DIAGRAM_PNG_BASE64 }] }),
      415,
      'image_type_unsupported',
      'UNSUPPORTED_IMAGE_TYPE',
    );
    await refusedWithoutSideEffects(
      () => postJson({ model: VISION, images: ['iVBOR'] }),
      400,
      'image_invalid',
      'INVALID_IMAGE',
    );
  });

  it('refuses a model without image input before anything is stored: model_image_unsupported (heuristic and default too)', async () => {
    await refusedWithoutSideEffects(
      () => postJson({ model: modelId('ok'), images: [png()] }),
      400,
      'model_image_unsupported',
      'MODEL_DOES_NOT_SUPPORT_IMAGES',
    );
    await refusedWithoutSideEffects(
      () => postJson({ model: 'builtin:heuristic', images: [png()] }),
      400,
      'model_image_unsupported',
      'MODEL_DOES_NOT_SUPPORT_IMAGES',
    );
    // No model named: the default here is the built-in extractor, which reads no images.
    await refusedWithoutSideEffects(
      () => postJson({ images: [png()] }),
      400,
      'model_image_unsupported',
      'MODEL_DOES_NOT_SUPPORT_IMAGES',
    );
  });

  it('still asks for a text or images, and keeps strict fields', async () => {
    await refusedWithoutSideEffects(() => postJson({ title: 'nothing' }), 400, 'invalid_input');
    await refusedWithoutSideEffects(() => postJson({ images: [png()], model: VISION, extra: 1 }), 400, 'invalid_input');
  });
});

describe('image admission (multipart form data)', () => {
  it('applies the same checks to uploaded files', async () => {
    const file = (name: string, type: string, bytes: Uint8Array) => ({ name, type, bytes });
    const ok = syntheticImage('image/png', 100);
    await refusedWithoutSideEffects(
      () =>
        postForm(
          Array.from({ length: 5 }, (_, i) => file(`${i}.png`, 'image/png', ok)),
          { model: VISION },
        ),
      413,
      'image_limit',
      'TOO_MANY_IMAGES',
    );
    await refusedWithoutSideEffects(
      () => postForm([file('big.png', 'image/png', syntheticImage('image/png', 6 * MiB + 1))], { model: VISION }),
      413,
      'image_too_large',
      'IMAGE_TOO_LARGE',
    );
    const parts = [1, 2, 3].map((i) => file(`${i}.png`, 'image/png', syntheticImage('image/png', 5.9 * MiB, i)));
    await refusedWithoutSideEffects(() => postForm(parts, { model: VISION }), 413, 'image_limit', 'IMAGES_TOO_LARGE');
    await refusedWithoutSideEffects(
      () => postForm([file('x.jpg', 'image/jpeg', ok)], { model: VISION }),
      400,
      'image_invalid',
      'IMAGE_SIGNATURE_MISMATCH',
    );
    await refusedWithoutSideEffects(
      () => postForm([file('x.svg', 'image/svg+xml', ok)], { model: VISION }),
      415,
      'image_type_unsupported',
      'UNSUPPORTED_IMAGE_TYPE',
    );
    await refusedWithoutSideEffects(
      () => postForm([file('x.png', 'image/png', ok)], { model: modelId('ok') }),
      400,
      'model_image_unsupported',
      'MODEL_DOES_NOT_SUPPORT_IMAGES',
    );
    await refusedWithoutSideEffects(
      () => postForm([file('x.png', 'image/png', ok)], { model: VISION, colour: 'blue' }),
      400,
      'invalid_input',
    );
  });

  it('lets an image body through the body limit on this route only', async () => {
    // 8 MiB of images is far above the text-document body of other routes; here it reaches admission (and is refused
    // there for the model, so nothing is stored).
    const parts = [1, 2].map((i) => ({
      name: `${i}.png`,
      type: 'image/png',
      bytes: syntheticImage('image/png', 4 * MiB, i),
    }));
    await refusedWithoutSideEffects(() => postForm(parts, { model: modelId('ok') }), 400, 'model_image_unsupported');
    const append = await call('/api/documents/00000000-0000-4000-8000-000000000000/append', {
      method: 'POST',
      body: JSON.stringify({ text: 'x'.repeat(7 * MiB) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(append.status).toBe(413);
  });
});
