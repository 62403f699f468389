// A URL longer than the limit answers a typed 414 before anything else reads it.
import type { MiddlewareHandler } from 'hono';
import { KgError } from '../../../core/errors';
import { errorResponse, type AppEnv } from '../../lib/http';

/**
 * 8 KiB. Cloudflare accepts URLs up to 16 KB, and browsers and proxies commonly stop at 8 KB, so a larger URL could
 * work locally and fail in front of real users; half the runtime's limit leaves room for its own headers. The longest
 * URL the API needs is a 600-character CJK graph search: 600 × 9 percent-encoded bytes = 5.4 KB plus the path.
 */
export const MAX_URL_BYTES = 8 * 1024;

export interface UrlLengthOptions {
  /** The longest URL accepted, in bytes of its serialised form. Default: MAX_URL_BYTES. */
  maxBytes?: number;
}

export function limitUrlLength(options: UrlLengthOptions = {}): MiddlewareHandler<AppEnv> {
  const maxBytes = options.maxBytes ?? MAX_URL_BYTES;
  return async (c, next) => {
    // c.req.url is serialised: non-ASCII is percent-encoded, so its length is its size in bytes.
    if (c.req.url.length <= maxBytes) return next();
    return errorResponse(
      c,
      new KgError('uri_too_long', {
        en: `The URL has ${c.req.url.length} bytes; the limit is ${maxBytes}.`,
        zh: `请求地址长 ${c.req.url.length} 字节，上限为 ${maxBytes} 字节。`,
      }),
    );
  };
}
