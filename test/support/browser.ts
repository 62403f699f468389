// Real Chromium through playwright-core (Debian's /usr/bin/chromium; see ../shared/STACK.md for the flags).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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
