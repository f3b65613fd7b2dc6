import { configDefaults, defineConfig } from 'vitest/config';
import { stableIds } from './apps/web/vite.stable-ids.ts';

// The bench's baselines are tied to the routes they stand for by tests on a real database too.
const apiTests = ['apps/api/src/**/*.test.ts', 'bench/**/*.test.ts'];
// Portal components rendered in happy-dom with Testing Library.
const domTests = ['apps/web/src/**/*.dom.test.tsx', 'apps/web/*.dom.test.tsx'];
// Tests that start the real server as processes of its own run once, in their own project.
const processTests = ['apps/api/src/**/*.process.test.ts'];
const pg = process.env.TEST_DATABASE_URL;

/**
 * One suite, two databases: every API test runs on PGlite, and again on PostgreSQL when
 * TEST_DATABASE_URL is set. Unit tests of the portal and the contract run once.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...domTests],
          environment: 'node',
        },
      },
      {
        // Mantine goes through the portal's build plugin that changes how it behaves, as in the build.
        plugins: [stableIds()],
        test: {
          name: 'dom',
          server: { deps: { inline: [/@mantine[\\/]/] } },
          include: domTests,
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup-dom.ts'],
          // Typing into rendered forms is slow on a shared, busy machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          exclude: [...configDefaults.exclude, ...processTests],
          environment: 'node',
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'process',
          // Several instances need PostgreSQL: that file joins when TEST_DATABASE_URL is set.
          include: pg ? processTests : ['apps/api/src/server.signals.process.test.ts'],
          environment: 'node',
          // Each starts real servers (migrations, demo data): slow on a busy machine.
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      ...(pg
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiTests,
                exclude: [...configDefaults.exclude, ...processTests],
                environment: 'node',
                env: { TEST_DB: 'pg' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
