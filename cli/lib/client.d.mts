// Types of client.mjs for the TypeScript tests that drive it.
export declare class Client {
  constructor(base: string, token: string | undefined);
  readonly base: string;
  readonly token: string | undefined;
  request(
    method: string,
    path: string,
    init?: { json?: unknown; headers?: Record<string, string>; token?: string; raw?: boolean },
  ): Promise<any>;
  get(path: string, init?: { headers?: Record<string, string>; token?: string }): Promise<any>;
  post(path: string, json: unknown, init?: { headers?: Record<string, string>; token?: string }): Promise<any>;
}
export declare const enc: (value: string) => string;
