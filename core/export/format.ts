// The graph file's identity: what `format` and `version` say in every exported graph.json.
export const GRAPH_EXPORT_FORMAT = 'kg-workbench.graph';
export const GRAPH_EXPORT_VERSION = 1;
