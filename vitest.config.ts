import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { scriptedModelBindings, scriptedWikiBindings } from './test/worker/scripted-models';

export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations');
  return {
    test: {
      projects: [
        {
          test: {
            name: 'core',
            environment: 'node',
            include: ['core/**/*.test.ts', 'test/node/**/*.test.ts'],
          },
        },
        {
          // Tests beside the browser code (components/<folder>/<name>.test.ts): its pure logic and its controllers
          // with fake hosts and contexts, in Node (no DOM: what they test needs none).
          test: {
            name: 'components',
            environment: 'node',
            include: ['components/**/*.test.ts'],
          },
        },
        {
          plugins: [
            cloudflareTest(({ inject }) => ({
              main: './worker/index.ts',
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  // As npm start: local callers share one rate-limit bucket, whatever cf-connecting-ip they send.
                  KG_CALLER_ADDRESS: 'local',
                  ...scriptedModelBindings(inject('llmUrl')),
                  ...scriptedWikiBindings(inject('wikiUrl')),
                },
              },
            })),
          ],
          test: {
            name: 'worker',
            include: ['test/worker/**/*.test.ts', 'worker/**/*.test.ts'],
            setupFiles: ['./test/worker/apply-migrations.ts'],
            // The scripted OpenAI-compatible server the model tests talk to over real HTTP.
            globalSetup: ['./test/worker/global-setup.ts'],
            testTimeout: 60_000,
          },
        },
        {
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['test/e2e/**/*.test.ts'],
            testTimeout: 180_000,
            hookTimeout: 120_000,
            fileParallelism: false,
            // Real servers and a real browser on a noisy 2-core machine: a test that times out once is run once more
            // (a behaviour that is broken fails both times; the retry is reported in the output).
            retry: 1,
          },
        },
        {
          test: {
            name: 'browser',
            environment: 'node',
            include: ['test/browser/**/*.test.ts'],
            globalSetup: ['./test/browser/global-setup.ts'],
            testTimeout: 90_000,
            hookTimeout: 120_000,
            // As for e2e: one more run for a test that lost a race with the machine's load, never more.
            retry: 1,
            // One Chromium and one wrangler dev at a time on a 2-core machine.
            fileParallelism: false,
          },
        },
      ],
    },
  };
});
