// Trace semantics for the offline extractor, as far as cues allow (issue 13, docs/contracts/traces.md#extraction): a tool result's
// statements are facts (observed by a tool); a user's message makes claims; the agent's reply makes claims, and its
// conclusions marked by a cue (so, therefore, 所以, 因此 …, typed `inference` by the clause classifier) are
// inferences. Turn markers and tool calls are actions, not propositions: they yield no node.
import type { NodeType } from '../../schema';
import type { TraceEventType } from '../../trace/labels';

/** Whether a unit of this event kind is read for propositions at all. */
export function readsPropositions(event: TraceEventType | undefined): boolean {
  return event !== 'turn/start' && event !== 'turn/end' && event !== 'tool/call';
}

/** The node type of a clause of a trace unit, given what the clause classifier made of it. */
export function traceNodeType(event: TraceEventType | undefined, classified: NodeType): NodeType {
  switch (event) {
    case 'tool/result':
      return classified === 'definition' ? classified : 'fact';
    case 'user/message':
      return classified === 'definition' || classified === 'example' ? classified : 'claim';
    case 'assistant/message':
      return classified === 'inference' || classified === 'definition' || classified === 'example'
        ? classified
        : 'claim';
    default:
      return classified;
  }
}
