// Image input after admission: references only. Bytes live in R2 under their content hash; these shapes are what
// task records, checkpoints and API answers carry.
import type { ImageMediaType } from './limits';

/** An admitted image as stored: R2 holds the bytes under documents/<id>/images/<sha256>. */
export interface ImageRef {
  /** image-1 … image-4, in upload order. */
  id: string;
  name: string;
  mediaType: ImageMediaType;
  bytes: number;
  /** SHA-256 of the bytes (hex): the blob key within the document's prefix. */
  sha256: string;
}

export const VISUAL_UNIT_KINDS = ['text', 'table', 'diagram', 'chart', 'formula', 'layout', 'other'] as const;
export type VisualUnitKind = (typeof VISUAL_UNIT_KINDS)[number];

export interface VisualUnit {
  kind: VisualUnitKind;
  text: string;
}

/** One image as the transcription model described it, normalised. */
export interface ImageTranscript {
  /** 1-based, in upload order. */
  imageIndex: number;
  summary: string;
  units: VisualUnit[];
  warnings: string[];
}

/** `source.visualSource` (docs/contracts/images.md#visual-source): where each image's transcript lies among the document's content units. */
export interface VisualSourceImage {
  id: string;
  name: string;
  attachment: { sha256: string; mediaType: ImageMediaType; bytes: number };
  summary: string;
  unitCount: number;
  /** First and last content unit (1-based paragraph numbers) of this image's transcript. */
  startParagraph: number;
  endParagraph: number;
  warnings: string[];
}

export interface VisualSource {
  version: 1;
  kind: 'image-derived';
  transcriptMethod: 'multimodal-model';
  images: VisualSourceImage[];
  /** "name：warning", at most 40. */
  warnings: string[];
}
