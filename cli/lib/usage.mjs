// `kg --help`: every command, option and exit code.
export const USAGE = `kg — the command line of kg-workbench (built on its HTTP API)

Usage: kg <command> [arguments] [options]

Commands
  extract FILE|-            Create a document from a file (.txt, .md, .html, .pdf, .docx, converted by
                            the server; a PDF's units keep their pages) or stdin, and extract its graph
                            [--title T] [--model ID] [--wait]
                            [--estimate]: only what it would take (batches, calls, prompt characters
                            and tokens, answer tokens, cost where the model has prices); nothing is created
  trace FILE|-              Open an agent's trace file as a trace document: OpenAI chat messages (tool_calls),
                            Anthropic messages (tool_use / tool_result) or kg-workbench events, JSON or JSON Lines
                            [--title T] [--model ID] [--wait]
  status TASK               A task's state [--wait]
  list                      Your documents, newest first [--limit N (1-500, default 50)]
  show DOC                  A document: counts, summary, sections, generation audit
  export DOC                The whole graph [--format json|csv|nodes.csv|edges.csv|mentions.csv|graphml|
                            cytoscape.json|cypher|png]
                            [--out FILE]; json and the single CSVs (mentions.csv: the concept
                            layer) go to stdout unless --out; csv writes
                            <out>.nodes.csv and <out>.edges.csv (default <DOC>); png needs a browser
                            (playwright-core and Chromium; set KG_CHROMIUM to its path)
  query DOC "TEXT"          Structured graph query [--limit N] [--types a,b] [--relations a,b] [--hops 0-2]
  ask DOC "QUESTION"        An answer from cited evidence (waits for the answer task) [--model ID]
  verify DOC                Check the graph [--mode quick|standard] [--model ID]
  candidates DOC            Entity and claim candidates [--kind entity|claim|all] [--status S|all]
                            [--limit N] [--set ID=candidate|accepted|rejected]... (several --set allowed)
  import GRAPH.json         Recreate an exported graph file as a new document [--title T] [--model ID]

Aliases of the original CLI: list-documents, show-document, list-candidates, set-candidate, import-graph.

Options
  --api URL       The Worker (env KG_API, default http://127.0.0.1:8787)
  --token TOKEN   Bearer token: KG_API_TOKEN, a kgk_ key, a kgc_ read or kgw_ write capability (env KG_API_TOKEN)
  --json          Machine-readable JSON on stdout (errors as {"error":{...}} on stderr)
  -h, --help      This help

In open mode (a Worker without KG_API_TOKEN) extract and import keep each document's write capability in
$KG_CONFIG_DIR/capabilities.json (else ~/.config/kg/), so list, candidates --set and later writes work.

Exit codes
  0  success
  1  failure: an API error (typed, printed on stderr as [kg-cli] <code>: <message>), a failed or cancelled
     task, the server unreachable
  2  usage: unknown command or option, missing or invalid argument
`;
