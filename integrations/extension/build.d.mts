/** Builds the unpacked extension into `out` (default dist/extension) and answers its path. */
export function buildExtension(out?: string): Promise<string>;
