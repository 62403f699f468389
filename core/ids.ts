// Identities. documentId: random UUID (logical document); sourceId: SHA-256 of the canonical text (immutable
// version); chunkId: derived from sourceId + batch + unit range, so no two documents or versions collide.

interface WebCrypto {
  randomUUID(): string;
  subtle: { digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer> };
  getRandomValues<T extends Uint8Array>(array: T): T;
}
// Web Crypto is present in workerd, browsers and Node >= 19; it is computation, not I/O.
const webCrypto = (globalThis as unknown as { crypto: WebCrypto }).crypto;

export async function sha256Hex(text: string): Promise<string> {
  const digest = await webCrypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function newDocumentId(): string {
  return webCrypto.randomUUID();
}

/** Short random id with a readable prefix, e.g. "task_3f9k2m1x8q0z". */
export function newId(prefix: string, length = 16): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  const bytes = webCrypto.getRandomValues(new Uint8Array(length));
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return `${prefix}_${out}`;
}

export function chunkIdFor(sourceId: string, batchIndex: number, firstUnit: number, lastUnit: number): string {
  return `${sourceId.slice(0, 16)}:b${batchIndex}:u${firstUnit}-${lastUnit}`;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export function isDocumentId(value: string): boolean {
  return UUID_RE.test(value);
}
