export const THEMING_START: string;
export const THEMING_END: string;
export function themingSection(manifest: unknown): string;
