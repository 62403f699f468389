export * from './graph';
export * from './wire';
export * from './units';
export * from './task';
export * from './api';
