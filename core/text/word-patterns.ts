// Word lists as regex source, one home for every vocabulary kept as a list of plain words (the cue tables and phrase
// patterns of the built-in extractor, the quick check's qualifier and connector words).

/** A plain word or phrase as regex source that matches it literally. */
export const escapeRegex = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Plain words as one regex alternation, in order; a space in a word matches any whitespace. */
export const anyOf = (words: readonly string[]) =>
  words.map((w) => escapeRegex(w).replace(/ /g, String.raw`\s+`)).join('|');
