// Real Chromium through playwright-core (Debian's /usr/bin/chromium; see docs/testing.md#chromium for the flags).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

export async function openBrowser(options: { locale?: string } = {}): Promise<BrowserSession> {
  const dir = mkdtempSync(path.join(tmpdir(), 'kg-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.KG_CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ARGS,
    locale: options.locale ?? 'en-US',
    viewport: { width: 1280, height: 860 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The set-up and teardown every browser test file shares: one Chromium opened before the file's tests and closed
 * after them. Returns a handle whose fields are the open session's (read them inside tests and hooks, not at import).
 * A file's own beforeAll (a first page, an init script) runs after this one.
 */
export function useBrowser(options: { locale?: string } = {}): BrowserSession {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    session = await openBrowser(options);
  });
  afterAll(async () => {
    await session?.close();
    session = undefined;
  });
  const open = (): BrowserSession => {
    if (!session) throw new Error('useBrowser: the browser is opened in beforeAll; read it inside a test or hook');
    return session;
  };
  return {
    get context() {
      return open().context;
    },
    get page() {
      return open().page;
    },
    get errors() {
      return open().errors;
    },
    close: () => open().close(),
  };
}
