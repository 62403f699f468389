// Open local mode (no KG_API_TOKEN, the default of `npm start`): reading needs only the document id; every
// mutating route needs the document's write capability, returned once when the document is created.
import { describe, expect, it } from 'vitest';
import { mixedText } from '../support/texts';
import { expectError, json, waitForTask } from './helpers';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function create(text: string) {
  const res = await json('/api/documents', { method: 'POST', json: { text } });
  expect(res.status).toBe(202);
  expect(res.body.writeCapability).toMatch(new RegExp(`^kgw_${res.body.documentId}\\.`));
  return res.body as { documentId: string; taskId: string; writeCapability: string };
}

describe('open mode', () => {
  it('reads by id alone, and never repeats the write capability', async () => {
    const doc = await create(mixedText(1_500));
    await waitForTask(doc.taskId);
    const read = await json(`/api/documents/${doc.documentId}`);
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(doc.writeCapability);
    expect((await json(`/api/documents/${doc.documentId}/graph`)).status).toBe(200);
  });

  it('needs the write capability for append, cancel, capabilities, rotate and delete (401 without, 404 with another document’s)', async () => {
    const doc = await create(mixedText(2_000));
    const other = await create(mixedText(1_200));
    await waitForTask(doc.taskId);
    await waitForTask(other.taskId);
    const mutations = [
      ['POST', `/api/documents/${doc.documentId}/append`, { text: 'More text here.' }],
      ['POST', `/api/tasks/${doc.taskId}/cancel`, undefined],
      ['POST', `/api/documents/${doc.documentId}/capabilities`, { scope: 'read' }],
      ['POST', `/api/documents/${doc.documentId}/capabilities/rotate`, undefined],
      ['DELETE', `/api/documents/${doc.documentId}`, undefined],
    ] as const;
    for (const [method, path, body] of mutations) {
      const anonymous = await json(path, { method, json: body });
      if (anonymous.status !== 401 || anonymous.body.error?.code !== 'unauthorized')
        throw new Error(`${method} ${path}: ${anonymous.status}`);
      const wrong = await json(path, { method, json: body, headers: bearer(other.writeCapability) });
      if (wrong.status !== 404)
        throw new Error(`${method} ${path} with another document's capability: ${wrong.status}`);
      // Right document, made-up secret.
      const forged = `kgw_${doc.documentId}.${'A'.repeat(43)}`;
      expectError(await json(path, { method, json: body, headers: bearer(forged) }), 401, 'unauthorized');
    }
    const w = bearer(doc.writeCapability);
    const appended = await json(`/api/documents/${doc.documentId}/append`, {
      method: 'POST',
      json: { text: mixedText(600) },
      headers: w,
    });
    expect(appended.status).toBe(202);
    expect([200, 409]).toContain(
      (await json(`/api/tasks/${appended.body.taskId}/cancel`, { method: 'POST', headers: w })).status,
    );
    await waitForTask(appended.body.taskId);
    const cap = await json(`/api/documents/${doc.documentId}/capabilities`, {
      method: 'POST',
      json: { scope: 'read', ttlSeconds: 300 },
      headers: w,
    });
    expect(cap.status).toBe(201);
    expectError(
      await json(`/api/documents/${doc.documentId}`, { method: 'DELETE', headers: bearer(cap.body.token) }),
      403,
      'forbidden',
    );
    expect(
      (await json(`/api/documents/${doc.documentId}/capabilities/rotate`, { method: 'POST', headers: w })).status,
    ).toBe(200);
    expectError(
      await json(`/api/documents/${doc.documentId}`, { headers: bearer(cap.body.token) }),
      401,
      'unauthorized',
    );
    expect((await json(`/api/documents/${doc.documentId}`, { method: 'DELETE', headers: w })).status).toBe(200);
    expectError(await json(`/api/documents/${doc.documentId}`), 404, 'not_found');
  });

  it('lists the documents whose write capabilities the caller holds, and only those', async () => {
    const a = await create(mixedText(900));
    const b = await create(mixedText(950));
    const header = (tokens: string[]) => ({ 'x-kg-capabilities': tokens.join(', ') });
    const ids = async (headers: Record<string, string>) =>
      ((await json('/api/documents?limit=100', { headers })).body.items as { documentId: string }[]).map(
        (d) => d.documentId,
      );
    expect(await ids({})).toEqual([]);
    expect(await ids(header([a.writeCapability]))).toEqual([a.documentId]);
    expect((await ids(header([a.writeCapability, b.writeCapability]))).sort()).toEqual(
      [a.documentId, b.documentId].sort(),
    );
    expect(await ids(header([`kgw_${b.documentId}.${'B'.repeat(43)}`, 'garbage']))).toEqual([]);
    expectError(
      await json('/api/documents', { headers: header(Array(101).fill(a.writeCapability)) }),
      400,
      'invalid_input',
    );
    await waitForTask(a.taskId);
    await waitForTask(b.taskId);
  });

  it('refuses an unknown bearer token even though reading needs none', async () => {
    const doc = await create(mixedText(700));
    expectError(
      await json(`/api/documents/${doc.documentId}`, { headers: bearer('kgc_not-a-token') }),
      401,
      'unauthorized',
    );
    await waitForTask(doc.taskId);
  });
});
