// Every described route, in the order the reference page shows them.
import type { OperationDoc } from '../registry';
import { accessOperations, metaOperations } from './access-meta';
import { documentOperations } from './documents';
import { readingOperations } from './reading';
import { taskOperations, traceOperations } from './tasks-traces';
import { trustOperations } from './trust';
import { factCheckOperations } from './fact-check';
import { overviewOperations } from './overview';

export const OPERATIONS: readonly OperationDoc[] = [
  ...documentOperations,
  ...taskOperations,
  ...readingOperations,
  ...overviewOperations,
  ...trustOperations,
  ...factCheckOperations,
  ...traceOperations,
  ...accessOperations,
  ...metaOperations,
];
