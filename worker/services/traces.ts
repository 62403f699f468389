// Agent traces as documents (issue 13): the events become the canonical trace text (core/trace), and from there a
// trace is a document like any other — created with createDocument, grown with appendToDocument (the same task,
// revision fence and blob lifetimes). Only events with a seq after the last one in the graph are appended, so a
// harness may resend its whole trace: replays and repeats are ignored, never counted twice.
import { KgError } from '../../core/errors';
import { MAX_TEXT_CHARS } from '../../core/limits';
import {
  eventSpans,
  lastSeq,
  normaliseEvents,
  parseTrace,
  serializeTrace,
  traceLang,
  traceEventsFromFile,
  traceTextLang,
  TraceEventInput,
} from '../../core/trace';
import { z } from 'zod';
import { stripControls } from '../../core/text/well-formed';
import { APPEND_SEPARATOR } from '../../core/units/append';
import { getSource, sourceKey } from '../../storage/blobs';
import { unitPages } from '../../storage/pages';
import type { DocumentCreator } from '../auth/document-credentials';
import { appendToDocument, createDocument, getDocumentRow } from './documents';

export interface TraceCounts {
  /** Events serialised into this revision's text. */
  accepted: number;
  /** Events of types that carry no content (progress, bookkeeping). */
  ignored: number;
  /** Repeats of a seq within the request, and (append) events already in the graph. */
  duplicates: number;
  /** Events left out because the text limit was reached. */
  skipped: number;
}

export async function createTrace(
  env: Env,
  input: { title?: string; events?: TraceEventInput[]; file?: { name?: string; text: string }; model?: string },
  creator: DocumentCreator,
) {
  const fromFile = input.file ? eventsFromFile(input.file.text) : undefined;
  const { events, ignored, duplicates } = normaliseEvents(fromFile?.events ?? input.events ?? []);
  if (events.length === 0)
    throw new KgError('invalid_input', {
      en: 'The trace has no event with content.',
      zh: '轨迹中没有包含内容的事件。',
    });
  const trace = serializeTrace(events, traceLang(events), MAX_TEXT_CHARS);
  const title =
    input.title?.trim() ||
    input.file?.name
      ?.replace(/\.[^.]+$/, '')
      .trim()
      .slice(0, 200) ||
    traceTitle(events);
  const created = await createDocument(
    env,
    { title, text: trace.text, model: input.model, sourceKind: 'trace' },
    creator,
  );
  const counts: TraceCounts = {
    accepted: trace.events.length,
    ignored: ignored + (fromFile?.skipped ?? 0),
    duplicates,
    skipped: trace.skipped,
  };
  return { ...created, events: counts, ...(fromFile ? { file: { format: fromFile.format } } : {}) };
}

/** A trace file's events, held to the same event schema as events sent as such (no count limit: the text limit holds). */
function eventsFromFile(text: string) {
  const file = traceEventsFromFile(text);
  const checked = z.array(TraceEventInput).safeParse(file.events);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new KgError('invalid_input', {
      en: `The trace file's event ${Number(issue?.path[0] ?? 0) + 1} is not a trace event: ${issue?.message ?? 'invalid'}.`,
      zh: `轨迹文件的第 ${Number(issue?.path[0] ?? 0) + 1} 个事件不是有效的轨迹事件。`,
    });
  }
  return { ...file, events: checked.data };
}

export async function appendTraceEvents(
  env: Env,
  documentId: string,
  input: { events: TraceEventInput[]; expectedRevision?: number; model?: string },
) {
  const doc = await getDocumentRow(env, documentId);
  if (doc.sourceKind !== 'trace')
    throw new KgError('invalid_input', { en: 'This document is not an agent trace.', zh: '该文档不是智能体轨迹。' });
  if (input.expectedRevision !== undefined && input.expectedRevision !== doc.revision) {
    throw new KgError(
      'revision_conflict',
      `The document is at revision ${doc.revision}, not ${input.expectedRevision}.`,
    );
  }
  if (!doc.sourceId)
    throw new KgError('busy', {
      en: 'The trace’s first extraction has not finished yet.',
      zh: '轨迹的首次拆解尚未完成。',
    });
  const base = await getSource(env, sourceKey(documentId, doc.sourceId));
  const after = lastSeq(parseTrace(base));
  const { events, ignored, duplicates } = normaliseEvents(input.events);
  const fresh = events.filter((e) => e.seq > after);
  if (fresh.length === 0) {
    throw new KgError('empty', {
      en: `No event after seq ${after}: nothing new to add.`,
      zh: `没有序号大于 ${after} 的事件，无需追加。`,
    });
  }
  const room = MAX_TEXT_CHARS - base.length - APPEND_SEPARATOR.length;
  const trace = serializeTrace(fresh, traceTextLang(base), Math.max(0, room));
  if (trace.events.length === 0) {
    throw new KgError(
      'input_too_large',
      `The trace has ${base.length} characters; no more events fit under the limit of ${MAX_TEXT_CHARS}.`,
    );
  }
  const started = await appendToDocument(env, documentId, {
    text: trace.text,
    model: input.model,
    expectedRevision: input.expectedRevision,
  });
  const counts: TraceCounts = {
    accepted: trace.events.length,
    ignored,
    duplicates: duplicates + events.length - fresh.length,
    skipped: trace.skipped,
  };
  return { ...started, events: counts };
}

/** The trace's events with the units each covers, at the document's current revision. */
export async function readTraceEvents(env: Env, documentId: string) {
  const doc = await getDocumentRow(env, documentId);
  if (doc.sourceKind !== 'trace')
    throw new KgError('invalid_input', { en: 'This document is not an agent trace.', zh: '该文档不是智能体轨迹。' });
  if (!doc.sourceId) return { documentId, revision: doc.revision, events: [] };
  const text = await getSource(env, sourceKey(documentId, doc.sourceId));
  const units = [];
  for await (const page of unitPages(env, documentId)) units.push(...page);
  return { documentId, revision: doc.revision, events: eventSpans(text, units) };
}

function traceTitle(events: ReturnType<typeof normaliseEvents>['events']): string {
  const first = events.find((e) => e.type === 'user/message') ?? events[0];
  // A title keeps no controls (core/text/well-formed.ts), even when it comes from an event's text.
  const text = stripControls(first.text || first.name || '');
  const lead = traceLang(events) === 'zh' ? '轨迹：' : 'Trace: ';
  return `${lead}${text.length > 60 ? `${text.slice(0, 59)}…` : text}`.trim();
}
