// Persistent bundle (docs/contracts/dsh-plugin.md#persistent-bundle, install method C): the host half as a Cordis plugin module that the
// harness's profile loads at start. It is the same code as the dynamic host half (src/index.host.js); here it
// registers its routes on the harness's webServer service instead of the dynamic `harness.handle` global.
import hostPlugin from '../src/index.host.js';

const plugin = hostPlugin();

export const name = 'kg-workbench-dsh';
export const inject = ['webServer'];
/** The harness names this plugin answers under /api/dsh-knowledge-graph/ (and /kg/* for the Worker API itself). */
export const names = plugin.names;

/** config: { api?: Worker base URL (env KG_API), token?: API key (env KG_API_TOKEN), publicApi?: base the page uses }. */
export function apply(ctx, config) {
  plugin.applyPersistent(ctx, config);
}
