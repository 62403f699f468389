// Which files are agent traces (core/trace/file-formats.ts reads their content): JSON and JSON Lines. Zod-free and
// tiny, so the page's file door and its extraction controller can tell a trace file from a document file.
export const TRACE_FILE_EXTENSIONS = ['.json', '.jsonl'] as const;

export function isTraceFileName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot >= 0 && (TRACE_FILE_EXTENSIONS as readonly string[]).includes(name.slice(dot).toLowerCase());
}
