// Request fields that several routes' bodies share, written once: every route that takes a `model` or names
// sections validates it with these (and worker/openapi publishes the same schemas).
import { z } from 'zod';
import { MAX_MODEL_ID_CHARS, SECTION_ID_PATTERN } from '../../core/limits';

/** The model a request names (resolved against the configured models by the service; unknown ids are refused there). */
export const ModelIdField = z.string().min(1).max(MAX_MODEL_ID_CHARS).optional();

/** A section id such as s3. */
export const SectionIdField = z.string().regex(SECTION_ID_PATTERN);
