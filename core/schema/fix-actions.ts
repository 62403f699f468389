// The fix actions, apart from the zod schemas of fixes.ts, so that the browser can name and check them without
// bundling zod (the workbench reads fixes from the server's reports; the server validates every commit in full).
export const FIX_ACTIONS = [
  'none',
  'update_node',
  'delete_node',
  'add_node',
  'update_edge',
  'delete_edge',
  'add_edge',
  'merge_nodes',
  'update_summary',
] as const;
export type FixAction = (typeof FIX_ACTIONS)[number];
