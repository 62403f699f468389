// Values the global setups hand to tests through vitest's provide/inject.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the `wrangler dev` started for the browser tests. */
    baseUrl: string;
    /** Base URL (…/v1) of the scripted OpenAI-compatible server started for the worker tests. */
    llmUrl: string;
    /** Base URL of the scripted MediaWiki Action API started for the worker tests (its API at /{lang}/w/api.php). */
    wikiUrl: string;
  }
}
