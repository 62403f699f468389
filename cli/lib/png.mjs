// PNG export needs a browser: the Worker has no PNG route, and the graph is drawn by <kg-workbench>'s own view.
// This opens the Worker's workbench page for the document in headless Chromium through playwright-core (a
// devDependency of the repository, not of the CLI) and screenshots the graph. Without both, a typed error says so.
import { CliError } from './errors.mjs';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function renderPng(ctx, documentId, token) {
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    throw new CliError(
      'png_unavailable',
      "PNG export needs a browser: install playwright-core and Chromium (KG_CHROMIUM=/path/to/chromium), or use json/csv, or the workbench's own PNG export.",
    );
  }
  const executablePath = ctx.env.KG_CHROMIUM || '/usr/bin/chromium';
  let browser;
  try {
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  } catch (error) {
    throw new CliError(
      'png_unavailable',
      `PNG export needs Chromium at ${executablePath} (set KG_CHROMIUM): ${String(error.message).split('\n')[0]}`,
    );
  }
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
    if (token) await page.setExtraHTTPHeaders({ authorization: `Bearer ${token}` });
    await page.goto(`${ctx.client.base}/#doc=${encodeURIComponent(documentId)}`);
    const view = page.locator('kg-graph-view').first();
    await page.locator('[data-node-id]').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500); // let the layout settle before the picture
    return await view.screenshot({ type: 'png' });
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError('png_failed', `Could not render the graph: ${String(error.message).split('\n')[0]}`);
  } finally {
    await browser.close();
  }
}
