// External fact-check (issue 14, docs/contracts/fact-check.md): pure rules. The panel imports ./types only (zod-free).
export * from './types';
export * from './select';
export * from './text';
export * from './evidence';
export * from './prompt';
export * from './normalise';
export * from './report';
export * from './params';
export * from './warnings';
