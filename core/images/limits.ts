// Image input limits (docs/contracts/images.md#admission, #transcription): the Worker enforces them, the workbench pre-checks them.

export const MAX_IMAGES = 4;
/** Decoded bytes of one image. */
export const MAX_IMAGE_BYTES = 6 * 1024 * 1024;
/** Decoded bytes of all images of one request. */
export const MAX_IMAGES_TOTAL_BYTES = 16 * 1024 * 1024;
/** Base64 characters of one image at most (checked before decoding, so a huge string is never decoded). */
export const MAX_IMAGE_BASE64_CHARS = 4 * Math.ceil(MAX_IMAGE_BYTES / 3);
/** Base64 characters of all images: what the document route's body limit must make room for. */
export const MAX_IMAGES_BASE64_CHARS = 4 * Math.ceil(MAX_IMAGES_TOTAL_BYTES / 3);
export const MAX_IMAGE_NAME_CHARS = 160;

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

/** Transcript normalisation (docs/contracts/images.md#transcription). */
export const MAX_VISUAL_UNITS_PER_IMAGE = 80;
export const MAX_VISUAL_UNIT_CHARS = 1600;
export const MAX_VISUAL_CHARS = 120_000;
export const MAX_VISUAL_WARNINGS_PER_IMAGE = 12;
export const MAX_VISUAL_WARNING_CHARS = 300;
export const MAX_VISUAL_WARNINGS = 40;
