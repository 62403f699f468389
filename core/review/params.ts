// What a review task takes as input: validated by the route, kept on the task record, parsed again by the task's
// handler (a record from an older version of the code fails as invalid_input, not as a crash).
import { z } from 'zod';
import { MAX_SCOPE_SECTIONS, MAX_SCOPE_UNITS } from '../verify/scope';

export const ReviewScopeSchema = z.strictObject({
  sectionIds: z.array(z.string().min(1).max(200)).max(MAX_SCOPE_SECTIONS).optional(),
  units: z.array(z.number().int().positive()).max(MAX_SCOPE_UNITS).optional(),
});

export const ReviewParamsSchema = z.strictObject({ scope: ReviewScopeSchema.optional() });
export type ReviewParams = z.infer<typeof ReviewParamsSchema>;
