// Request fields that several routes' bodies share, written once: every route that takes a `model`, names sections,
// or takes a title, a label or free text validates it with these (and worker/openapi publishes the same schemas).
// The text fields apply the text rule's field half (core/text/well-formed.ts): text with nothing visible is empty —
// refused where text is required, absent where it is optional — and titles and labels keep no controls. (The other
// half, strict UTF-8 and no lone surrogate anywhere, is applied to the whole body before any schema: http.ts.)
import { z } from 'zod';
import { MAX_MODEL_ID_CHARS, MAX_TITLE_CHARS, SECTION_ID_PATTERN } from '../../core/limits';
import type { KgError } from '../../core/errors';
import { emptyTextError, hasVisibleText, inputTitle, stripControls } from '../../core/text/well-formed';

/** The model a request names (resolved against the configured models by the service; unknown ids are refused there). */
export const ModelIdField = z.string().min(1).max(MAX_MODEL_ID_CHARS).optional();

/** A section id such as s3. */
export const SectionIdField = z.string().regex(SECTION_ID_PATTERN);

/** A document's or a trace's title: controls stripped; one with nothing visible is absent (a title is derived). */
export const TitleField = z.string().max(MAX_TITLE_CHARS).optional().transform(inputTitle);

/** A label (an API key's): controls stripped, trimmed, something visible in it, at most `maxChars` characters. */
export const labelField = (maxChars: number) =>
  z
    .string()
    .max(maxChars)
    .transform((label, ctx) => {
      const clean = stripControls(label).trim();
      if (hasVisibleText(clean)) return clean;
      refuseEmpty(ctx);
      return z.NEVER;
    });

/** Free text a request may leave out (fact-check rules): text with nothing visible is absent. */
export const optionalTextField = (maxChars: number) =>
  z
    .string()
    .max(maxChars)
    .optional()
    .transform((text) => (text !== undefined && hasVisibleText(text) ? text : undefined));

const EMPTY_TEXT = 'kgEmptyText';

/** Records an empty-text refusal on the field being parsed (parseWith turns it into emptyTextError). */
export function refuseEmpty(ctx: z.core.$RefinementCtx<unknown>, path?: PropertyKey[]): void {
  ctx.addIssue({ code: 'custom', message: 'The text is empty.', params: { [EMPTY_TEXT]: true }, path });
}

/** The typed, bilingual refusal a field helper recorded on this issue, if any (named by the field's path). */
export function fieldRefusal(issue: z.core.$ZodIssue): KgError | undefined {
  if (issue.code !== 'custom' || issue.params?.[EMPTY_TEXT] !== true) return undefined;
  return emptyTextError(issue.path.length ? issue.path.join('.') : 'text');
}
