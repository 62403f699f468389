// The byte limits of request bodies, one home: the body-limits middleware (worker/middleware/body-limits/) refuses a
// larger body before any route reads it, and a route's readJson checks its own limit again as a backstop.
import { MAX_IMAGES_BASE64_CHARS } from '../../core/images/limits';
import { MAX_FILE_BYTES, MAX_TEXT_CHARS } from '../../core/limits';

/** A document or appended text: JSON escapes (\uXXXX is 6 bytes per character) bound it, plus the other fields. */
export const MAX_DOCUMENT_BODY_BYTES = MAX_TEXT_CHARS * 6 + 64_000;

/** A file sent as multipart form data (core/files): its own limit, plus the form's other parts and boundaries. */
export const MAX_FILE_BODY_BYTES = MAX_FILE_BYTES + 64 * 1024;

/**
 * Creating a document: a text, or up to 16 MiB of images as base64 (4/3 larger) beside an optional text, or a file.
 * A file past MAX_FILE_BYTES but under this limit is refused by the route as file_too_large.
 */
export const MAX_CREATE_BODY_BYTES = Math.max(
  MAX_DOCUMENT_BODY_BYTES + MAX_IMAGES_BASE64_CHARS + 16 * 1024,
  MAX_FILE_BODY_BYTES,
);

/** A commit of up to MAX_COMMIT_OPERATIONS fixes, each with its texts, quotes and evidence. */
export const MAX_COMMIT_BODY_BYTES = 1024 * 1024;

/** A trace's events as a harness sends them, before clipping (tool results can be long; each is clipped to 400). */
export const MAX_TRACE_BODY_BYTES = 16 * 1024 * 1024;

/** Every other body the API reads (cancel has none; 64 KiB is generous for anything small). */
export const MAX_SMALL_BODY_BYTES = 64 * 1024;
