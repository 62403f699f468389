export interface ScriptedCall {
  model: string;
  /** Which API was called: OpenAI-compatible chat completions or Anthropic Messages. */
  api: 'openai' | 'anthropic';
  stream: boolean;
  /** Whether the request carried an API key (the key itself is never recorded). */
  authorized: boolean;
  responseFormat: unknown;
  system: string;
  user: string;
  units: number[];
  /** Image parts the request carried (a transcription call); 0 for every text-only call. */
  images: number;
  retry: boolean;
  at: number;
  /** When the response ended or the client went away (null while open). */
  done: number | null;
}
export interface ScriptedLlm {
  url: string;
  port: number;
  calls(model?: string): ScriptedCall[];
  /** serviceMs: the sum of every call's time from request to the end of its answer, as the server saw it. */
  stats: { inFlight: number; maxInFlight: number; requests: number; promptChars: number; serviceMs: number };
  close(): Promise<void>;
}
export function startScriptedLlm(options?: { port?: number; host?: string }): Promise<ScriptedLlm>;
export function extractionFor(units: Array<{ n: number; text: string }>): unknown;
