// The commands by name (aliases of the original CLI's names live in lib/main.mjs).
import { ask, query, verify } from './ask.mjs';
import { candidates } from './candidates.mjs';
import { extract, list, show, status } from './documents.mjs';
import { exportGraph } from './export.mjs';
import { importGraph } from './import.mjs';
import { trace } from './traces.mjs';

export const COMMANDS = {
  extract,
  trace,
  status,
  list,
  show,
  export: exportGraph,
  query,
  ask,
  verify,
  candidates,
  import: importGraph,
};
