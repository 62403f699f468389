// source.visualSource: each image's place among the document's content units. Units are assigned by where they
// start, so every unit of an image's blocks (and therefore every node anchored there) lies inside its range.
import { isMostlyCjk } from '../fact-check/text';
import { KgError } from '../errors';
import { MAX_VISUAL_WARNINGS } from './limits';
import type { ImageRef, ImageTranscript, VisualSource } from './types';

export function buildVisualSource(
  units: ReadonlyArray<{ n: number; start: number; end: number }>,
  ranges: ReadonlyArray<{ start: number; end: number }>,
  images: readonly ImageRef[],
  transcripts: readonly ImageTranscript[],
): VisualSource {
  const out: VisualSource = {
    version: 1,
    kind: 'image-derived',
    transcriptMethod: 'multimodal-model',
    images: [],
    warnings: [],
  };
  images.forEach((image, i) => {
    const range = ranges[i]!;
    const inside = units.filter((u) => u.start >= range.start && u.start < range.end);
    if (inside.length === 0) throw new KgError('visual_empty', `Image ${i + 1} has no content unit in the transcript.`);
    const t = transcripts[i]!;
    out.images.push({
      id: image.id,
      name: image.name,
      attachment: { sha256: image.sha256, mediaType: image.mediaType, bytes: image.bytes },
      summary: t.summary,
      unitCount: t.units.length,
      startParagraph: inside[0]!.n,
      endParagraph: inside[inside.length - 1]!.n,
      warnings: t.warnings,
    });
    // The separator in the warning's own language (a Chinese full-width colon only before Chinese text).
    for (const w of t.warnings) out.warnings.push(`${image.name}${isMostlyCjk(w) ? '：' : ': '}${w}`);
  });
  out.warnings = out.warnings.slice(0, MAX_VISUAL_WARNINGS);
  return out;
}
