import { describe, expect, it } from 'vitest';
import { KgError } from '../errors';
import { segment } from '../units';
import {
  admitBase64Images,
  buildTranscriptText,
  buildVisualSource,
  decodeCanonicalBase64,
  normalizeTranscript,
  sanitizeImageName,
  sniffImageType,
  TRANSCRIPTION_SYSTEM_PROMPT,
  type ImageRef,
} from '.';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3];
const b64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes));

function reasonOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    const { code, extra } = error as KgError;
    return `${code}/${(extra?.details as { reason: string } | undefined)?.reason}`;
  }
  return undefined;
}

describe('image admission (pure)', () => {
  it('checks in the seed order: count before shape, type before size, size before base64', () => {
    const big = 'A'.repeat(4 * Math.ceil((6 * 1024 * 1024) / 3) + 4);
    expect(reasonOf(() => admitBase64Images(Array(5).fill(7)))).toBe('image_limit/TOO_MANY_IMAGES');
    expect(reasonOf(() => admitBase64Images([7]))).toBe('image_invalid/INVALID_IMAGE');
    // Unknown keys are refused, like every other body's, before anything else about the entry.
    expect(reasonOf(() => admitBase64Images([{ name: 'a', mediaType: 'image/bmp', data: big, alt: 'x' }]))).toBe(
      'image_invalid/INVALID_IMAGE',
    );
    expect(reasonOf(() => admitBase64Images([{ name: 'a', mediaType: 'image/bmp', data: big }]))).toBe(
      'image_type_unsupported/UNSUPPORTED_IMAGE_TYPE',
    );
    expect(reasonOf(() => admitBase64Images([{ name: 'a', mediaType: 'image/png', data: `${big}!` }]))).toBe(
      'image_too_large/IMAGE_TOO_LARGE',
    );
    expect(
      reasonOf(() => admitBase64Images([{ name: 'a', mediaType: ' IMAGE/PNG ', data: b64(PNG) }])),
    ).toBeUndefined();
  });

  it('accepts only canonical base64', () => {
    expect(Array.from(decodeCanonicalBase64('QQ==', 1))).toEqual([65]);
    for (const bad of ['QR==', 'QQ=', 'Q Q=', '', 'QQ==QQ==', 'Q==='])
      expect(() => decodeCanonicalBase64(bad, 1)).toThrow(KgError);
  });

  it('knows the four formats by their magic bytes', () => {
    expect(sniffImageType(Uint8Array.from(PNG))).toBe('image/png');
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffImageType(Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]))).toBe('image/gif');
    expect(sniffImageType(Uint8Array.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]))).toBe(
      'image/webp',
    );
    expect(sniffImageType(Uint8Array.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45]))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('sanitises names: separators, controls, bidi controls; empty names get 图片-n', () => {
    expect(sanitizeImageName('../etc/passwd', 1)).toBe('.._etc_passwd');
    expect(sanitizeImageName('report\u202Egnp.exe', 1)).toBe('reportgnp.exe');
    expect(sanitizeImageName('a\u0000b\nc', 1)).toBe('a_b_c');
    expect(sanitizeImageName('  \u200B ', 3)).toBe('图片-3');
    expect(sanitizeImageName('x'.repeat(500), 1)).toHaveLength(160);
  });
});

describe('transcript', () => {
  const answer = {
    images: [
      { imageIndex: 2, summary: 'Second.', units: [{ kind: 'chart', text: 'Sales rise.' }], warnings: [] },
      {
        imageIndex: 1,
        summary: 'First.',
        units: [
          { kind: 'diagram', text: 'A → B' },
          { kind: 'diagram', text: 'B contains C' },
          { kind: 'sticker', text: 'odd\n\n\nkind' },
        ],
        warnings: ['blurred'],
      },
    ],
  };

  it('normalises kinds and order, and refuses omitted or empty images', () => {
    const t = normalizeTranscript(answer, 2);
    expect(t.map((x) => x.imageIndex)).toEqual([1, 2]);
    expect(t[0]!.units.map((u) => u.kind)).toEqual(['diagram', 'diagram', 'other']);
    expect(t[0]!.units[2]!.text).toBe('odd\nkind');
    expect(() => normalizeTranscript(answer, 3)).toThrow(/omits image 3/);
    expect(() => normalizeTranscript({}, 1)).toThrow(KgError);
    expect(() => normalizeTranscript({ images: [{ imageIndex: 1, summary: '', units: [] }] }, 1)).toThrow(
      expect.objectContaining({ code: 'visual_empty' }),
    );
  });

  it('writes a Chinese document’s markers in Chinese', () => {
    const zh = normalizeTranscript(
      { images: [{ imageIndex: 1, summary: '流程图。', units: [{ kind: 'diagram', text: '甲 → 乙' }], warnings: [] }] },
      1,
    );
    const { text } = buildTranscriptText('请阅读此图。', ['图.png'], zh);
    expect(text).toBe('【用户补充说明】\n请阅读此图。\n\n【图片 1：图.png】\n【概览】流程图。\n\n【图示关系】甲 → 乙');
  });

  it('builds the canonical text and visual source: user text first, each image inside its own unit range', () => {
    const t = normalizeTranscript(answer, 2);
    const { text, ranges } = buildTranscriptText(
      'Please read both figures.\n\nThe second is newer.',
      ['one.png', 'two.png'],
      t,
    );
    // An English document gets English markers (issue 27: they were Chinese in every document).
    expect(text).toContain("[The user's note]\nPlease read both figures.");
    expect(text).toContain(
      '[Image 1: one.png]\n[Overview] First.\n\n[Diagram] A → B\n\n[Diagram] B contains C\n\n[Visual content] odd\nkind',
    );
    expect(text).toContain('[Image 2: two.png]\n[Overview] Second.\n\n[Chart] Sales rise.');
    expect(text.slice(ranges[1]!.start, ranges[1]!.end)).toBe(
      '[Image 2: two.png]\n[Overview] Second.\n\n[Chart] Sales rise.',
    );
    expect(text).not.toMatch(/[【】]/);
    const { units } = segment(text);
    const refs: ImageRef[] = ['one.png', 'two.png'].map((name, i) => ({
      id: `image-${i + 1}`,
      name,
      mediaType: 'image/png',
      bytes: 10,
      sha256: `h${i}`,
    }));
    const source = buildVisualSource(units, ranges, refs, t);
    expect(source.kind).toBe('image-derived');
    const [one, two] = source.images;
    expect(one!.startParagraph).toBeGreaterThan(1);
    expect(one!.endParagraph).toBeLessThan(two!.startParagraph);
    expect(two!.endParagraph).toBe(units[units.length - 1]!.n);
    expect(source.warnings).toEqual(['one.png: blurred']);
    // Every unit from the first image's header on belongs to exactly one image.
    for (const u of units.filter((u) => u.n >= one!.startParagraph)) {
      const owners = source.images.filter((img) => u.n >= img.startParagraph && u.n <= img.endParagraph);
      expect(owners).toHaveLength(1);
    }
  });

  it('asks for one diagram unit per relation', () => {
    expect(TRANSCRIPTION_SYSTEM_PROMPT).toContain('每一条独立关系必须单独形成一个可引用 diagram 单元');
  });
});
