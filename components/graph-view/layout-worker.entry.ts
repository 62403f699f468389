// Entry of the inline layout worker (bundled on its own by scripts/build.mjs).
import { serveLayouts } from './layout-worker';

serveLayouts(self as unknown as Parameters<typeof serveLayouts>[0]);
