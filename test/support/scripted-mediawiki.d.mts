export interface ScriptedWikiCall {
  lang: string;
  kind: 'search' | 'extracts' | 'other';
  query: string;
  titles: string;
  userAgent: string;
  at: number;
}
export interface ScriptedMediaWiki {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The value for KG_WIKIPEDIA_API: `${url}/{lang}/w/api.php`. */
  apiTemplate: string;
  port: number;
  calls(contains?: string): ScriptedWikiCall[];
  close(): Promise<void>;
}
export const ARTICLES: Record<string, Array<{ keyword: string; title: string; snippet: string; more: string }>>;
export function startScriptedMediaWiki(options?: { port?: number; host?: string }): Promise<ScriptedMediaWiki>;
