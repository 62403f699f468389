// The estimate before a run (POST /api/estimate, and `dryRun` on create and append): the same segmentation, batch
// plan and prompts the extraction task will use (core/extract/estimate.ts), for the model the run would use.
// Nothing is stored and no model is called.
import { KgError } from '../../core/errors';
import { estimateRun, type RunEstimate } from '../../core/extract/estimate';
import { MAX_TEXT_CHARS, MAX_TITLE_CHARS } from '../../core/limits';
import type { Section } from '../../core/schema';
import { segment } from '../../core/units';
import { appendSegmentation, combineTexts } from '../../core/units/append';
import { createExtractor } from '../../models/extractors';
import { resolveModel } from '../../models/registry';
import { getSource, sourceKey } from '../../storage/blobs';
import { loadCanonical } from '../../storage/graph-load';
import { deriveTitle, getDocumentRow, preferredModel } from './documents';

export interface EstimateAnswer extends RunEstimate {
  dryRun: true;
  model: string;
  extractor: 'heuristic' | 'model' | 'service';
}

/** A new document's extraction. */
export async function estimateCreate(
  env: Env,
  input: { text: string; title?: string; model?: string },
): Promise<EstimateAnswer> {
  checkText(input.text);
  const title = (input.title?.trim() || deriveTitle(input.text)).slice(0, MAX_TITLE_CHARS);
  const { units } = segment(input.text);
  return answer(env, input.model, { title, units });
}

/** An append to `documentId`: its units and graph as the task will read them. */
export async function estimateAppend(
  env: Env,
  documentId: string,
  input: { text: string; model?: string },
): Promise<EstimateAnswer> {
  const doc = await getDocumentRow(env, documentId);
  const base = doc.sourceId ? await getSource(env, sourceKey(documentId, doc.sourceId)) : '';
  const { text, appendFrom } = combineTexts(base, input.text);
  checkText(text);
  const loaded = await loadCanonical(env, documentId, doc.summary);
  const combined = appendSegmentation(
    { units: loaded.units, sections: JSON.parse(doc.sections) as Section[] },
    text,
    appendFrom,
  );
  return answer(env, input.model ?? preferredModel(env, doc.model), {
    title: doc.title,
    units: combined.units,
    fromUnit: loaded.units.length + 1,
    base: loaded.graph,
    trace: doc.sourceKind === 'trace',
  });
}

function checkText(text: string): void {
  if (text.length > MAX_TEXT_CHARS)
    throw new KgError('input_too_large', `The text has ${text.length} characters; the limit is ${MAX_TEXT_CHARS}.`);
  if (!text.trim()) throw new KgError('invalid_input', 'The text is empty.');
}

function answer(
  env: Env,
  modelId: string | undefined,
  run: Omit<Parameters<typeof estimateRun>[0], 'batchChars' | 'callsModel' | 'prices'>,
): EstimateAnswer {
  const model = resolveModel(env, modelId);
  const { extractor } = createExtractor(env, model);
  const estimate = estimateRun({
    ...run,
    batchChars: extractor.batchChars,
    callsModel: extractor.kind !== 'heuristic',
    prices: model.config?.prices,
  });
  return { dryRun: true, model: model.id, extractor: extractor.kind, ...estimate };
}
