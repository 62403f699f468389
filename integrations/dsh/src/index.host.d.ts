export interface HostConfig {
  /** The kg-workbench Worker's base URL (default: env KG_API, else http://127.0.0.1:8787). */
  api?: string;
  /** An API key for a Worker with KG_API_TOKEN set (default: env KG_API_TOKEN); it stays on the host. */
  token?: string;
  /** The base URL the page's <kg-workbench> uses (default: the host's pass-through /api/dsh-knowledge-graph/kg). */
  publicApi?: string;
}
export interface HostPlugin {
  inject: string[];
  names: string[];
  apply(ctx: unknown, config?: HostConfig): void;
  applyPersistent(ctx: unknown, config?: HostConfig): void;
}
export default function hostPlugin(): HostPlugin;
