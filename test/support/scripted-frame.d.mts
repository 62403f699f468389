export const LINE_SEPARATORS: RegExp;
export function frameText(user: string, name: string, options?: { gullible?: boolean }): string | null;
export function frameJson(user: string, name: string): unknown;
