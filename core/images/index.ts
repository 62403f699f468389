export * from './admission';
export * from './limits';
export * from './prompt';
export * from './signature';
export * from './transcript';
export * from './types';
export * from './visual-source';
