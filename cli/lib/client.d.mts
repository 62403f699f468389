// Types of client.mjs for the TypeScript tests that drive it.

// biome-ignore lint/suspicious/noExplicitAny: an answer's parsed JSON, which the tests read as they assert it.
type Json = any;

export declare class Client {
  constructor(base: string, token: string | undefined);
  readonly base: string;
  readonly token: string | undefined;
  request(
    method: string,
    path: string,
    init?: { json?: unknown; form?: FormData; headers?: Record<string, string>; token?: string; raw?: boolean },
  ): Promise<Json>;
  get(path: string, init?: { headers?: Record<string, string>; token?: string }): Promise<Json>;
  post(path: string, json: unknown, init?: { headers?: Record<string, string>; token?: string }): Promise<Json>;
}
export declare const enc: (value: string) => string;
