// RPC results between the Worker and the Durable Object: errors travel as data, because a thrown custom error
// loses its code on the way across the RPC boundary.
import { KgError, type ErrorCode } from '../core/errors';

export type RpcResult<T> =
  | { ok: true; value: T }
  | { ok: false; error: { code: ErrorCode; detail?: string; extra?: Record<string, unknown> } };

export const ok = <T>(value: T): RpcResult<T> => ({ ok: true, value });
export const fail = <T = never>(code: ErrorCode, detail?: string, extra?: Record<string, unknown>): RpcResult<T> => ({
  ok: false,
  error: { code, detail, ...(extra ? { extra } : {}) },
});

export function unwrap<T>(result: RpcResult<T>): T {
  if (result.ok) return result.value;
  throw new KgError(result.error.code, result.error.detail, result.error.extra);
}
