// Node scripts (benchmarks) run some Worker modules directly; in the Node type project the Worker's generated
// `Env` and binding types do not exist, so these stand in for them.
interface Env {
  [name: string]: unknown;
}
type Ai = unknown;
