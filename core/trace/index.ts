// Agent execution traces as documents (issue 13): normalise the caller's events, serialise them into the canonical
// trace text, and read events back from that text.
export * from './events';
export * from './file-formats';
export * from './file-names';
export * from './labels';
export * from './parse';
export * from './serialize';
