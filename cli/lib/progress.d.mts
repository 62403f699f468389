// Types of progress.mjs for the TypeScript tests that drive it.
import type { Client } from './client.mjs';

// biome-ignore lint/suspicious/noExplicitAny: the task's parsed JSON, which the tests read as they assert it.
type Json = any;

export declare function isTerminal(task: { status: string }): boolean;
export declare function followTask(
  client: Client,
  taskId: string,
  io: { stderr: NodeJS.WriteStream; quiet?: boolean; token?: string },
): Promise<Json>;
