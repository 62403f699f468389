// The refusals of a file, each a code of core/errors.ts with its cause in both languages.
import { KgError, type ErrorCode } from '../errors';
import { MAX_FILE_BYTES, MAX_TEXT_CHARS } from '../limits';

export function fileError(code: ErrorCode, en: string, zh: string): KgError {
  return new KgError(code, { en, zh });
}

export function fileTooLarge(bytes: number): KgError {
  return fileError(
    'file_too_large',
    `It has ${bytes} bytes; the limit is ${MAX_FILE_BYTES} (16 MiB).`,
    `文件有 ${bytes} 字节，上限为 ${MAX_FILE_BYTES}（16 MiB）。`,
  );
}

export function textTooLong(chars: number): KgError {
  return fileError(
    'file_too_large',
    `Its text has ${chars} characters; the limit is ${MAX_TEXT_CHARS}.`,
    `文件正文有 ${chars} 个字符，上限为 ${MAX_TEXT_CHARS}。`,
  );
}

export function corrupt(format: string, why?: string): KgError {
  return fileError(
    'file_corrupt',
    `The ${format} file cannot be read${why ? ` (${why.slice(0, 120)})` : ''}.`,
    `无法读取该 ${format} 文件。`,
  );
}
