// Open local mode: the write capability of every document this browser created (returned once by the server, see
// README "Access"), kept in localStorage under the document id. Holding it is what lets this page append to,
// cancel, delete and share its documents; the history lists exactly the documents it holds capabilities for.
// An embedding page that only shows a graph uses a read capability (`capability` attribute) and stores nothing.
import { readStored, writeStored } from './local-state';

const KEY = 'write-capabilities';

/** What the API client needs from a store of write capabilities. */
export interface WriteCapabilityStore {
  get(documentId: string): string | undefined;
  set(documentId: string, token: string): void;
  delete(documentId: string): void;
  /** The held tokens, most recently stored first. */
  all(): string[];
}

/** Newest last in the stored object (insertion order), so `all()` reverses it. */
export const localWriteCapabilities: WriteCapabilityStore = {
  get: (documentId) => readStored<Record<string, string>>(KEY, {})[documentId],
  set(documentId, token) {
    const held = readStored<Record<string, string>>(KEY, {});
    delete held[documentId];
    writeStored(KEY, { ...held, [documentId]: token });
  },
  delete(documentId) {
    const held = readStored<Record<string, string>>(KEY, {});
    if (!(documentId in held)) return;
    delete held[documentId];
    writeStored(KEY, held);
  },
  all: () => Object.values(readStored<Record<string, string>>(KEY, {})).reverse(),
};
