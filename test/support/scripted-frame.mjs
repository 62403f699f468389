// How the scripted model reads the frames of a prompt (core/prompt/frame.ts): the open marker `<<<NAME-<tag>` (or
// the old untagged `<<<NAME`) on a line of its own, then everything up to the first occurrence of the close marker
// that open marker names (`NAME-<tag>>>>`, or `NAME>>>`), anywhere in the text. That is how a naive reader, or a
// model, takes a frame: a source able to write the close marker ends its frame early. A gullible reader
// ({ gullible: true }) also stops at any close marker of that name, tagged or not: a model that ignores the exact
// delimiter the prompt names.
// Lines split at every line or paragraph separator (CR, LF, VT, FF, NEL, U+2028, U+2029), as a model may read them.

export const LINE_SEPARATORS = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/;

/** The text inside the first frame called `name`, or null when the prompt has none. */
export function frameText(user, name, { gullible = false } = {}) {
  const open = new RegExp(`^<<<${name}(?:-([0-9a-f]{8}))?$`, 'm').exec(user);
  if (!open) return null;
  const start = open.index + open[0].length;
  const rest = user.slice(start);
  const close = gullible
    ? new RegExp(`${name}(?:-[0-9a-f]{8})?>>>`).exec(rest)
    : { index: rest.indexOf(open[1] ? `${name}-${open[1]}>>>` : `${name}>>>`) };
  if (!close || close.index < 0) return null;
  return rest.slice(0, close.index);
}

/** The JSON inside the frame called `name`, or null. */
export function frameJson(user, name) {
  const text = frameText(user, name);
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
