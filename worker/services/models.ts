// GET /api/models: the models a caller may choose from (the registry itself lives in models/registry.ts, shared with
// the Durable Object that runs the tasks).
import { listModels as listRegisteredModels, type ModelInfo } from '../../models/registry';
export { listAnswerers } from '../../models/answerers';

export function listModels(env: Env): { models: ModelInfo[]; warnings: string[] } {
  return listRegisteredModels(env);
}
