// The client's own image checks (the server checks again, bytes included): the limits of core/images, so a reader
// learns at once that a file is too large or of the wrong type, before anything is sent.
import { IMAGE_MEDIA_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES, MAX_IMAGES_TOTAL_BYTES } from '../../core/images/limits';

export type ImageFileProblem =
  | { key: 'imagesTooMany' }
  | { key: 'imagesTooLarge' }
  | { key: 'imageTooLarge'; name: string }
  | { key: 'imageTypeUnsupported'; name: string };

/** The files to keep after adding `added` to `current`, and the first problem met (the offending file is left out). */
export function addImageFiles(
  current: readonly File[],
  added: readonly File[],
): { files: File[]; problem: ImageFileProblem | null } {
  const files = [...current];
  let problem: ImageFileProblem | null = null;
  for (const file of added) {
    if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(file.type))
      problem ??= { key: 'imageTypeUnsupported', name: file.name };
    else if (file.size > MAX_IMAGE_BYTES) problem ??= { key: 'imageTooLarge', name: file.name };
    else if (files.length >= MAX_IMAGES) problem ??= { key: 'imagesTooMany' };
    else if (files.reduce((sum, f) => sum + f.size, file.size) > MAX_IMAGES_TOTAL_BYTES)
      problem ??= { key: 'imagesTooLarge' };
    else files.push(file);
  }
  return { files, problem };
}

/** The JSON form the API takes: `{ name, mediaType, data: base64 }`. */
export async function toImagePayload(file: File): Promise<{ name: string; mediaType: string; data: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name: file.name, mediaType: file.type, data: btoa(binary) };
}
