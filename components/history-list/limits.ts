/** Documents the history lists (and asks the server for): its own module so the list's element can load on demand. */
export const HISTORY_LIMIT = 20;
