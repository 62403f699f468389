// Images for the image-input tests: two small real PNGs (a water-cycle sketch and a bar chart, 96×64) and
// synthetic files of any size that begin with a format's magic bytes (the server checks signatures, not pixels).

/** A diagram: sea, a cloud and an arrow. */
export const DIAGRAM_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAABEklEQVR42u3XuxHDMAyDYY/jITJTBnOdITJENkjtPk1qWQ9KloD/DhN8R1HEdp5fksgGgRrQ57EDlNIB6EIHoBTNYJ01gG7UWQDoXp3ZgW7XmRooTXMcr9isBJQzOL5Amc/KFCh/6TgCFa1kO6DS38oIqO4vdwGqvnQsgFruQH2gxitZHKi9QMgCRdUrTaDA8ikINEM1n7fNL6ozCGhRmhFA6w7OCCABnY5AGjq9gGR0ugDJ0MQDKQ1OPJCkThiQqk4MkLBOAJAwTSuQ9uC0ApnoVAL56NQAWekUA1nRlAG5DU4ZkK1OFpCzzjWQuc4FkDnNH2h/vkkiAAEEEEAAAQQQQAARgAACCCCAAAIIIAJQfn54LHhRpo462wAAAABJRU5ErkJggg==';

/** A bar chart. */
export const CHART_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAAAkUlEQVR42u3buwkAIRBAQSvZSqzkqrs6jYyMhDPww4HzMFdm2dBUuiKiqJUAAQIECBAgQIAAAboEKL/P8AACBAgQIECAAO0EWvtQQIAAAQIECBAgQIAAAboHaOYyQIAAAQIECBAgQIAAnQb6z2AAAQIECBAgQIAAAQIECBAgQIAAAQIECNA6oNBn/qzOrZgADapnXkisrQyrXQAAAABJRU5ErkJggg==';

export function fromBase64(data: string): Uint8Array {
  const binary = atob(data);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const MAGIC: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/gif': [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  'image/webp': [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
};

/** `size` bytes starting with the magic bytes of `type`, the rest a pattern (so base64 of it is distinctive). */
export function syntheticImage(type: keyof typeof MAGIC | string, size: number, seed = 7): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed * 17) & 0xff;
  bytes.set((MAGIC[type] ?? []).slice(0, size));
  return bytes;
}
