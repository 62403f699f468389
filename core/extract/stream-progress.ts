// Progress inside a batch (issue 29): how many nodes a model's answer has named so far, read off the streamed text
// as it grows. A node of the wire format is the only object with a "type" key (edges have "relation"), so each
// `"type":` is one node; the count is for the progress bar, never for the graph (the finished answer is parsed).
const TYPE_KEY = /"type"\s*:/g;

/** A counter fed the answer so far (each call a longer text; a shorter one is a new call): nodes seen. */
export function nodesSeenCounter(): (text: string) => number {
  let resume = 0;
  let count = 0;
  let length = 0;
  return (text) => {
    if (text.length < length) {
      resume = 0;
      count = 0;
    }
    length = text.length;
    TYPE_KEY.lastIndex = resume;
    let end = resume;
    for (let m = TYPE_KEY.exec(text); m; m = TYPE_KEY.exec(text)) {
      count++;
      end = m.index + m[0].length;
    }
    // Rescan only the tail a key could still be cut in (`"type"` and its spaces), never the whole text again.
    resume = Math.max(end, text.length - 12);
    return count;
  };
}
