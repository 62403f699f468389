import type { HostConfig } from '../src/index.host.js';
export type { HostConfig };
export declare const name: string;
export declare const inject: string[];
export declare const names: string[];
export declare function apply(ctx: unknown, config?: HostConfig): void;
