// Content units are the anchors: deterministic, numbered spans of the source text.
import { z } from 'zod';

export const UNIT_KINDS = ['heading', 'list', 'dialogue', 'table', 'code', 'quote', 'narrative'] as const;
export const UnitKindSchema = z.enum(UNIT_KINDS);
export type UnitKind = z.infer<typeof UnitKindSchema>;

export const ContentUnitSchema = z.object({
  /** 1-based unit number. */
  n: z.number().int().positive(),
  /** UTF-16 offsets into the canonical text: text.slice(start, end) === unit.text. */
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  text: z.string(),
  kind: UnitKindSchema,
  /** Section the unit belongs to ("s0" before the first heading). */
  sectionId: z.string(),
  /** Where the unit came from in an uploaded PDF: its 1-based page (absent for every other source). */
  page: z.number().int().positive().optional(),
});
export type ContentUnit = z.infer<typeof ContentUnitSchema>;

export const SectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  level: z.number().int().nonnegative(),
  /** First and last unit numbers of the section (inclusive). */
  firstUnit: z.number().int().nonnegative(),
  lastUnit: z.number().int().nonnegative(),
});
export type Section = z.infer<typeof SectionSchema>;

export interface Segmentation {
  units: ContentUnit[];
  sections: Section[];
}
