// Typed failures: one code per cause, an HTTP status for API errors, and a message for people in both languages.
// The worker answers with { error: { code, message } }; the browser maps the code to its own language.
import type { Lang } from './i18n/lang';

export const ERROR_CATALOG = {
  invalid_input: { status: 400, en: 'The request is not valid.', zh: '请求内容无效。' },
  input_too_large: { status: 413, en: 'The input is too large.', zh: '输入内容过大。' },
  unknown_model: { status: 400, en: 'That model is not configured.', zh: '未配置该模型。' },
  not_found: { status: 404, en: 'Not found.', zh: '未找到。' },
  forbidden: { status: 403, en: 'This credential does not allow that.', zh: '该凭证无权执行此操作。' },
  unauthorized: { status: 401, en: 'Missing or wrong API token.', zh: 'API 令牌缺失或错误。' },
  method_not_allowed: { status: 405, en: 'Method not allowed.', zh: '不支持该请求方法。' },
  uri_too_long: { status: 414, en: 'The URL is too long.', zh: '请求地址过长。' },
  upgrade_required: { status: 426, en: 'Open this address as a WebSocket.', zh: '请以 WebSocket 方式打开此地址。' },
  busy: { status: 409, en: 'This document already has a running task.', zh: '该文档已有正在运行的任务。' },
  revision_conflict: {
    status: 409,
    en: 'The document changed since this task started.',
    zh: '任务开始后文档已被修改（版本冲突）。',
  },
  not_cancellable: { status: 409, en: 'The task has already finished.', zh: '任务已结束，无法取消。' },
  layout_too_large: { status: 413, en: 'The graph is too large to lay out.', zh: '图过大，无法计算布局。' },
  no_model: { status: 400, en: 'No model is configured.', zh: '未配置模型。' },
  image_limit: {
    status: 413,
    en: 'Too many images, or the images are too large together.',
    zh: '图片数量或合计大小超出上限。',
  },
  image_too_large: { status: 413, en: 'An image is too large.', zh: '图片过大。' },
  image_type_unsupported: {
    status: 415,
    en: 'Only PNG, JPEG, WebP and GIF images are accepted.',
    zh: '仅支持 PNG、JPEG、WebP、GIF 图片。',
  },
  image_invalid: { status: 400, en: 'An image is not valid.', zh: '图片无效。' },
  file_too_large: { status: 413, en: 'The file is too large.', zh: '文件过大。' },
  file_unsupported: {
    status: 415,
    en: 'Only .txt, .md, .html, .pdf and .docx files are accepted.',
    zh: '仅支持 .txt、.md、.html、.pdf、.docx 文件。',
  },
  file_type_mismatch: {
    status: 415,
    en: 'The file is not what its name says.',
    zh: '文件内容与扩展名不符。',
  },
  file_corrupt: { status: 422, en: 'The file is damaged and cannot be read.', zh: '文件已损坏，无法读取。' },
  file_encrypted: {
    status: 422,
    en: 'The file is password-protected; remove the password and send it again.',
    zh: '文件受密码保护，请去除密码后重新上传。',
  },
  pdf_no_text: {
    status: 422,
    en: 'This PDF has no text layer (a scan?): send its pages as images instead, with a model that reads images.',
    zh: '该 PDF 没有文本层（可能是扫描件）：请改为上传页面图片，并选择支持图像的模型。',
  },
  model_image_unsupported: {
    status: 400,
    en: 'The selected model does not take image input; choose a model marked as taking images.',
    zh: '所选模型不支持图片输入，请选择标注为支持图像的模型。',
  },
  visual_schema_invalid: {
    status: 502,
    en: 'The image transcription does not match its schema.',
    zh: '图片转写结果不符合数据结构。',
  },
  visual_empty: { status: 422, en: 'Nothing could be transcribed from an image.', zh: '图片中没有可转写的内容。' },
  visual_too_large: { status: 413, en: 'The image transcription is too long.', zh: '图片转写内容过长。' },
  model_required: {
    status: 400,
    en: 'This action needs a language model, and none is configured (see the README, "Models").',
    zh: '此操作需要语言模型，但尚未配置（见 README 的“模型”一节）。',
  },
  empty: {
    status: 409,
    en: 'Nothing to do: nothing new to add, or nothing to check.',
    zh: '没有可处理的内容：没有新内容，或没有可核查的内容。',
  },
  limit_exceeded: { status: 400, en: 'A list in the request has too many items.', zh: '请求中的列表项过多。' },
  node_id_conflict: {
    status: 409,
    en: 'A node id in the request already belongs to another node.',
    zh: '请求中的节点 ID 已属于另一个节点。',
  },
  invalid_operation: {
    status: 400,
    en: 'An operation cannot be applied to this graph.',
    zh: '某项修改无法应用到当前知识图。',
  },
  nothing_to_undo: { status: 409, en: 'There is no commit to undo.', zh: '没有可撤销的修改。' },
  provider_error: { status: 502, en: 'The model provider returned an error.', zh: '模型服务返回错误。' },
  rate_limited: { status: 429, en: 'Too many requests; retry later.', zh: '请求过于频繁，请稍后重试。' },
  model_output_not_json: { status: 502, en: 'The model did not return JSON.', zh: '模型输出不是 JSON。' },
  schema_invalid: { status: 502, en: 'The model output does not match the schema.', zh: '模型输出不符合数据结构。' },
  model_output_truncated: {
    status: 502,
    en: "The model's answer stopped at its output limit, even for a single unit of text.",
    zh: '模型的回答达到输出上限而中断，即使只给一段文字也是如此。',
  },
  context_too_long: {
    status: 413,
    en: "The text is longer than the model's context window, even a single unit of it.",
    zh: '文字超出模型的上下文长度，即使只给一段也是如此。',
  },
  invariant_violation: {
    status: 422,
    en: 'The graph failed its integrity checks; nothing was saved.',
    zh: '知识图未通过完整性检查，未保存任何内容。',
  },
  timeout: { status: 504, en: 'The model call ran past its deadline.', zh: '模型调用超时。' },
  cancelled: { status: 409, en: 'The task was cancelled.', zh: '任务已取消。' },
  storage_error: { status: 503, en: 'Storage is unavailable; please retry.', zh: '存储暂不可用，请重试。' },
  internal: { status: 500, en: 'Internal error.', zh: '内部错误。' },
} as const satisfies Record<string, { status: number; en: string; zh: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;
export type { Lang };

export interface ErrorBody {
  code: ErrorCode;
  message: string;
}

/**
 * The specific cause of a failure. A plain string is English only: readers of another language then get the generic
 * message alone, so an answer never mixes languages. Give both forms where the detail matters to people.
 */
export type ErrorDetail = string | { en: string; zh: string };

/** A failure with a code from the catalog; `detail` adds the specific cause to the generic message. */
export class KgError extends Error {
  readonly code: ErrorCode;
  /** The English detail (what logs, task records and RPC carry). */
  readonly detail?: string;
  readonly detailZh?: string;
  /** Machine-readable facts the answer carries next to code and message (e.g. currentRevision, issues). */
  readonly extra?: Readonly<Record<string, unknown>>;
  constructor(code: ErrorCode, detail?: ErrorDetail, extra?: Record<string, unknown>) {
    const en = typeof detail === 'string' ? detail : detail?.en;
    super(en ? `${ERROR_CATALOG[code].en} ${en}` : ERROR_CATALOG[code].en);
    this.name = 'KgError';
    this.code = code;
    this.detail = en;
    this.detailZh = typeof detail === 'object' ? detail.zh : undefined;
    this.extra = extra;
  }
  get status(): number {
    return ERROR_CATALOG[this.code].status;
  }
  toBody(lang: Lang = 'en'): ErrorBody {
    const base = ERROR_CATALOG[this.code][lang];
    if (lang === 'zh')
      return { ...this.extra, code: this.code, message: this.detailZh ? `${base}${this.detailZh}` : base };
    return { ...this.extra, code: this.code, message: this.detail ? `${base} ${this.detail}` : base };
  }
}

export function isKgError(value: unknown): value is KgError {
  return value instanceof Error && (value as KgError).name === 'KgError' && typeof (value as KgError).code === 'string';
}
