// The only runtime APIs core/ may use, declared for the core-only compilation (tsconfig.core.json: lib ES2022, no
// DOM, no Node or Workers types), so that anything else — timers, fetch, storage, the DOM — fails to compile there.
// Each is computation, not I/O, and exists alike in workerd, browsers and Node >= 20:
//   - Web Crypto (hashes for ids, HMAC and random bytes for access tokens);
//   - TextEncoder / TextDecoder and atob / btoa (UTF-8 and base64 for hashing and token encoding);
//   - AbortController / AbortSignal (cancellation passed in by the caller; core never starts a timer itself —
//     time comes in through core/scheduler.ts).
// The worker, client and Node compilations use their runtime's full declarations instead of this file.

interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
  throwIfAborted(): void;
}
declare var AbortSignal: { prototype: AbortSignal; abort(reason?: unknown): AbortSignal };

interface AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}
declare var AbortController: { prototype: AbortController; new (): AbortController };

type BufferSource = ArrayBufferView<ArrayBuffer> | ArrayBuffer;

interface TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}
declare var TextEncoder: { prototype: TextEncoder; new (): TextEncoder };

interface TextDecoder {
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}
declare var TextDecoder: {
  prototype: TextDecoder;
  new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }): TextDecoder;
};

declare function atob(data: string): string;
declare function btoa(data: string): string;

interface CryptoKey {
  readonly type: string;
  readonly extractable: boolean;
  readonly algorithm: object;
  readonly usages: string[];
}
interface SubtleCrypto {
  digest(algorithm: string | { name: string }, data: BufferSource): Promise<ArrayBuffer>;
  importKey(
    format: 'raw',
    keyData: BufferSource,
    algorithm: string | { name: string; hash?: string | { name: string } },
    extractable: boolean,
    keyUsages: string[],
  ): Promise<CryptoKey>;
  sign(algorithm: string | { name: string }, key: CryptoKey, data: BufferSource): Promise<ArrayBuffer>;
  verify(
    algorithm: string | { name: string },
    key: CryptoKey,
    signature: BufferSource,
    data: BufferSource,
  ): Promise<boolean>;
}
interface Crypto {
  readonly subtle: SubtleCrypto;
  getRandomValues<T extends ArrayBufferView>(array: T): T;
  randomUUID(): string;
}
declare var crypto: Crypto;
