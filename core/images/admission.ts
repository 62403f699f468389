// Image admission (docs/contracts/images.md), in the original's order and before any model is contacted or anything stored:
// count, shape, declared type, base64 size before decoding, base64 syntax, canonical base64, decoded size, running
// total; then the magic bytes must say the declared type (a PNG header on a "JPEG" is refused, so is a text file
// called image/png), and names are sanitised. Every refusal is a typed error with `details.reason`.
import { KgError, type ErrorCode, type ErrorDetail } from '../errors';
import { hasVisibleText, stripBidiControls } from '../text/well-formed';
import {
  IMAGE_MEDIA_TYPES,
  MAX_IMAGE_BASE64_CHARS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_NAME_CHARS,
  MAX_IMAGES,
  MAX_IMAGES_TOTAL_BYTES,
  type ImageMediaType,
} from './limits';
import { sniffImageType } from './signature';

/** An image that passed admission: still bytes, not yet stored. `id` is its place in the request (image-1…). */
export interface AdmittedImage {
  id: string;
  name: string;
  mediaType: ImageMediaType;
  bytes: Uint8Array;
}

/** An image as a multipart form gives it: declared type and name, raw bytes. */
export interface RawImage {
  name: string;
  mediaType: string;
  bytes: Uint8Array;
}

export type ImageRefusalReason =
  | 'TOO_MANY_IMAGES'
  | 'NO_IMAGES'
  | 'INVALID_IMAGE'
  | 'UNSUPPORTED_IMAGE_TYPE'
  | 'IMAGE_TOO_LARGE'
  | 'IMAGES_TOO_LARGE'
  | 'INVALID_IMAGE_BASE64'
  | 'IMAGE_SIGNATURE_MISMATCH';

export function imageError(code: ErrorCode, reason: ImageRefusalReason, detail: ErrorDetail): KgError {
  return new KgError(code, detail, { details: { reason } });
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const IMAGE_ENTRY_KEYS = new Set(['name', 'mediaType', 'data']);

/** JSON form: `images: [{ name, mediaType, data /* base64 *\/ }]`. */
export function admitBase64Images(entries: readonly unknown[]): AdmittedImage[] {
  checkImageCount(entries.length);
  const decoded: RawImage[] = [];
  entries.forEach((entry, i) => {
    const n = i + 1;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw imageError('image_invalid', 'INVALID_IMAGE', {
        en: `Image ${n} is not an object { name, mediaType, data }.`,
        zh: `第 ${n} 张图片不是 { name, mediaType, data } 对象。`,
      });
    }
    // Like every other body, an entry refuses keys it does not know (a typo is never silently ignored).
    const unknown = Object.keys(entry).find((key) => !IMAGE_ENTRY_KEYS.has(key));
    if (unknown !== undefined) {
      throw imageError('image_invalid', 'INVALID_IMAGE', {
        en: `Image ${n}: unknown key "${unknown.slice(0, 40)}"; an image is { name, mediaType, data }.`,
        zh: `第 ${n} 张图片：不支持的字段 "${unknown.slice(0, 40)}"，图片须为 { name, mediaType, data }。`,
      });
    }
    const { name, mediaType, data } = entry as Record<string, unknown>;
    const type = declaredType(mediaType, n);
    if (typeof data !== 'string') {
      throw imageError('image_invalid', 'INVALID_IMAGE_BASE64', {
        en: `Image ${n}: data must be a base64 string.`,
        zh: `第 ${n} 张图片：data 须为 base64 字符串。`,
      });
    }
    if (data.length > MAX_IMAGE_BASE64_CHARS) throw tooLarge(n);
    decoded.push({
      name: typeof name === 'string' ? name : '',
      mediaType: type,
      bytes: decodeCanonicalBase64(data, n),
    });
    checkSize(decoded, n);
  });
  return decoded.map((image, i) => finish(image, i + 1));
}

/** Multipart form: the files as sent. */
export function admitRawImages(images: readonly RawImage[]): AdmittedImage[] {
  checkImageCount(images.length);
  images.forEach((image, i) => {
    declaredType(image.mediaType, i + 1);
    checkSize(images.slice(0, i + 1), i + 1);
  });
  return images.map((image, i) => finish(image, i + 1));
}

export function checkImageCount(count: number): void {
  if (count > MAX_IMAGES) {
    throw imageError('image_limit', 'TOO_MANY_IMAGES', {
      en: `${count} images sent; at most ${MAX_IMAGES} at a time.`,
      zh: `一次最多上传 ${MAX_IMAGES} 张图片（收到 ${count} 张）。`,
    });
  }
  if (count === 0) throw imageError('image_invalid', 'NO_IMAGES', { en: 'images is empty.', zh: '图片列表为空。' });
}

function declaredType(value: unknown, n: number): ImageMediaType {
  const type = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(type)) {
    throw imageError('image_type_unsupported', 'UNSUPPORTED_IMAGE_TYPE', {
      en: `Image ${n}: the type must be one of ${IMAGE_MEDIA_TYPES.join(', ')}.`,
      zh: `第 ${n} 张图片：仅支持 PNG、JPEG、WebP、GIF。`,
    });
  }
  return type as ImageMediaType;
}

const tooLarge = (n: number) =>
  imageError('image_too_large', 'IMAGE_TOO_LARGE', {
    en: `Image ${n} is larger than ${MAX_IMAGE_BYTES} bytes.`,
    zh: `第 ${n} 张图片超过 6 MiB。`,
  });

function checkSize(images: readonly RawImage[], n: number): void {
  if (images[n - 1]!.bytes.length > MAX_IMAGE_BYTES) throw tooLarge(n);
  const total = images.reduce((sum, image) => sum + image.bytes.length, 0);
  if (total > MAX_IMAGES_TOTAL_BYTES) {
    throw imageError('image_limit', 'IMAGES_TOO_LARGE', {
      en: `The images together exceed ${MAX_IMAGES_TOTAL_BYTES} bytes.`,
      zh: '图片合计超过 16 MiB。',
    });
  }
}

/** Strict base64: the alphabet, padding only at the end, and the one canonical encoding of the bytes. */
export function decodeCanonicalBase64(data: string, n: number): Uint8Array {
  const bad = () =>
    imageError('image_invalid', 'INVALID_IMAGE_BASE64', {
      en: `Image ${n}: data is not canonical base64.`,
      zh: `第 ${n} 张图片：data 不是规范的 base64。`,
    });
  if (data.length === 0 || data.length % 4 !== 0 || !BASE64.test(data)) throw bad();
  let binary: string;
  try {
    binary = atob(data);
  } catch {
    throw bad();
  }
  // Non-zero padding bits decode too, but then two strings stand for the same bytes: only the canonical one is taken.
  if (btoa(binary) !== data) throw bad();
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function finish(image: RawImage, n: number): AdmittedImage {
  const declared = image.mediaType.trim().toLowerCase() as ImageMediaType;
  const actual = sniffImageType(image.bytes);
  if (actual !== declared) {
    throw imageError('image_invalid', 'IMAGE_SIGNATURE_MISMATCH', {
      en: `Image ${n} is declared ${declared} but its bytes are ${actual ?? 'not a supported image'}.`,
      zh: `第 ${n} 张图片声明为 ${declared}，但内容${actual ? `是 ${actual}` : '不是支持的图片格式'}。`,
    });
  }
  return { id: `image-${n}`, name: sanitizeImageName(image.name, n), mediaType: declared, bytes: image.bytes };
}

const LONE_SURROGATES = /[\uD800-\uDFFF]/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: controls in a file name are what this replaces.
const SEPARATORS_AND_CONTROLS = /[\\/\u0000-\u001f\u007f]/g;

/** Path separators, controls and lone surrogates become "_", bidi controls go (docs/contracts/images.md). */
export function sanitizeImageName(name: string, n: number): string {
  const clean = stripBidiControls(name).replace(LONE_SURROGATES, '_').replace(SEPARATORS_AND_CONTROLS, '_').trim();
  const cut = Array.from(clean).slice(0, MAX_IMAGE_NAME_CHARS).join('');
  return hasVisibleText(cut) ? cut : `图片-${n}`;
}
