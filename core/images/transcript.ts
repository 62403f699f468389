// The transcription model's answer, normalised (docs/contracts/images.md#transcription), and the canonical transcript text built from it. The
// transcript is the document's source text: extraction, retries and resume read it, never the image again.
import { KgError } from '../errors';
import { isMostlyCjk } from '../fact-check/text';
import type { Lang } from '../i18n/lang';
import { isRecord, textField } from '../review/json';
import {
  MAX_VISUAL_CHARS,
  MAX_VISUAL_UNIT_CHARS,
  MAX_VISUAL_UNITS_PER_IMAGE,
  MAX_VISUAL_WARNING_CHARS,
  MAX_VISUAL_WARNINGS_PER_IMAGE,
} from './limits';
import { VISUAL_UNIT_KINDS, type ImageTranscript, type VisualUnit, type VisualUnitKind } from './types';

/**
 * The block labels of the transcript text, in the document's language (what the images and the user's note are
 * mostly written in): a reader of an English document meets English markers, of a Chinese one Chinese.
 */
const MARKERS = {
  zh: {
    unit: {
      text: '【可见文字】',
      table: '【表格】',
      diagram: '【图示关系】',
      chart: '【统计图】',
      formula: '【公式】',
      layout: '【版面结构】',
      other: '【视觉内容】',
    },
    note: '【用户补充说明】',
    image: (i: number, name: string) => `【图片 ${i}：${name}】`,
    unnamed: (i: number) => `图片-${i}`,
    overview: '【概览】',
  },
  en: {
    unit: {
      text: '[Visible text] ',
      table: '[Table] ',
      diagram: '[Diagram] ',
      chart: '[Chart] ',
      formula: '[Formula] ',
      layout: '[Layout] ',
      other: '[Visual content] ',
    },
    note: "[The user's note]",
    image: (i: number, name: string) => `[Image ${i}: ${name}]`,
    unnamed: (i: number) => `image-${i}`,
    overview: '[Overview] ',
  },
} satisfies Record<Lang, { unit: Record<VisualUnitKind, string> } & Record<string, unknown>>;

/** The diagram relation a transcript unit states, without its block label; null for any other unit. */
export function diagramRelationText(unitText: string): string | null {
  for (const m of Object.values(MARKERS)) {
    const label = m.unit.diagram;
    if (unitText.startsWith(label)) return unitText.slice(label.length).trim();
  }
  return null;
}

/** `{ images: [{ imageIndex, summary, units: [{ kind, text }], warnings }] }` → one transcript per image, in order. */
export function normalizeTranscript(answer: Record<string, unknown>, imageCount: number): ImageTranscript[] {
  const listed = answer.images;
  if (!Array.isArray(listed)) throw new KgError('visual_schema_invalid', 'The transcription has no images array.');
  const out: ImageTranscript[] = [];
  let chars = 0;
  for (let index = 1; index <= imageCount; index++) {
    const entry =
      listed.find((e) => isRecord(e) && e.imageIndex === index) ??
      (listed.every((e) => isRecord(e) && e.imageIndex === undefined) ? listed[index - 1] : undefined);
    if (!isRecord(entry)) throw new KgError('visual_schema_invalid', `The transcription omits image ${index}.`);
    const warnings = (Array.isArray(entry.warnings) ? entry.warnings : [])
      .map((w) => textField(w, MAX_VISUAL_WARNING_CHARS))
      .filter(Boolean);
    const rawUnits = Array.isArray(entry.units) ? entry.units : [];
    const units: VisualUnit[] = [];
    for (const unit of rawUnits) {
      if (!isRecord(unit)) continue;
      const text = tidy(textField(unit.text, MAX_VISUAL_UNIT_CHARS));
      if (!text) continue;
      const kind = (VISUAL_UNIT_KINDS as readonly unknown[]).includes(unit.kind)
        ? (unit.kind as VisualUnitKind)
        : 'other';
      units.push({ kind, text });
    }
    if (units.length > MAX_VISUAL_UNITS_PER_IMAGE)
      warnings.push(
        `${units.length - MAX_VISUAL_UNITS_PER_IMAGE} units beyond ${MAX_VISUAL_UNITS_PER_IMAGE} were dropped.`,
      );
    const summary = tidy(textField(entry.summary, MAX_VISUAL_UNIT_CHARS));
    const kept = units.slice(0, MAX_VISUAL_UNITS_PER_IMAGE);
    if (!summary && kept.length === 0)
      throw new KgError('visual_empty', `Image ${index} gave no text, units or summary.`);
    chars += summary.length + kept.reduce((sum, u) => sum + u.text.length, 0);
    if (chars > MAX_VISUAL_CHARS)
      throw new KgError('visual_too_large', `The transcription exceeds ${MAX_VISUAL_CHARS} characters.`);
    out.push({ imageIndex: index, summary, units: kept, warnings: warnings.slice(0, MAX_VISUAL_WARNINGS_PER_IMAGE) });
  }
  return out;
}

/** A blank line inside a unit would split it into two content units: one unit stays one paragraph. */
const tidy = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/\n[ \t]*\n+/g, '\n')
    .trim();

export interface TranscriptText {
  text: string;
  /** Character range [start, end) of each image's blocks in `text`, in image order. */
  ranges: Array<{ start: number; end: number }>;
}

/**
 * The canonical transcript: the user's text first (when given), then per image a header with its overview and one
 * paragraph per unit, blocks joined by blank lines (docs/contracts/images.md#transcription).
 */
export function buildTranscriptText(
  userText: string,
  names: readonly string[],
  transcripts: readonly ImageTranscript[],
): TranscriptText {
  const blocks: string[] = [];
  let length = 0;
  const add = (block: string) => {
    if (blocks.length) length += 2;
    blocks.push(block);
    length += block.length;
  };
  const user = userText.trim();
  const said = [user, ...transcripts.flatMap((t) => [t.summary, ...t.units.map((u) => u.text)])].join(' ');
  const m = MARKERS[isMostlyCjk(said) ? 'zh' : 'en'];
  if (user) add(`${m.note}\n${user}`);
  const ranges: TranscriptText['ranges'] = [];
  transcripts.forEach((t, i) => {
    const start = length + (blocks.length ? 2 : 0);
    const name = names[i] ?? m.unnamed(i + 1);
    add(`${m.image(i + 1, name)}${t.summary ? `\n${m.overview}${t.summary}` : ''}`);
    for (const unit of t.units) add(`${m.unit[unit.kind]}${unit.text}`);
    ranges.push({ start, end: length });
  });
  return { text: blocks.join('\n\n'), ranges };
}
