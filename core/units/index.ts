// Content units: deterministic segmentation of source text into numbered, offset-anchored units.
// Pure TypeScript (no I/O, no Node or DOM APIs): the same code runs in workerd, the browser and Node.
//
//   segment(text)            → { units, sections }; text.slice(u.start, u.end) === u.text for every unit
//   sentenceSpans(text, a, b) → trimmed sentence spans (。！？；!?; and '.' outside numbers/abbreviations)
//   tokenize(text, a, b)     → content tokens (English words minus stopwords, Han bigrams)
//   unitAt(units, offset)    → the unit containing an offset
//   checkSegmentation(text, seg) → list of violated invariants (empty when valid)
export { segment } from './segment';
export { sentenceSpans } from './sentences';
export { tokenize } from './tokens';
export { checkSegmentation } from './validate';
export { unitAt } from './lookup';
