import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { bundleReport } from './vite.bundle-report';
import { entryModules, firstScreen, firstScreenModules } from './vite.first-screen';
import { precompress } from './vite.precompress';
import { stableIds } from './vite.stable-ids';

/** The portal: built to apps/web/dist and served by the API process; in development Vite proxies /api. */
// React Router resolves to its development build for every bundler; builds take its production one
// (no development warnings, smaller).
const reactRouter = fileURLToPath(new URL('../../node_modules/react-router/dist/production/', import.meta.url));

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? firstScreenRenderer()
    : {
        root: import.meta.dirname,
        plugins: [stableIds(), react(), firstScreen(), bundleReport(), precompress()],
        resolve: {
          alias:
            command === 'build'
              ? [
                  { find: /^react-router$/, replacement: `${reactRouter}index.mjs` },
                  { find: /^react-router\/dom$/, replacement: `${reactRouter}dom-export.mjs` },
                ]
              : [],
        },
        server: {
          host: '127.0.0.1',
          port: 5173,
          proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
        },
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          target: 'es2022',
          chunkSizeWarningLimit: 600,
          rolldownOptions: {
            // Contract schemas are built with `z.*` at module level; marking those calls pure lets the
            // bundler drop every schema a chunk does not use (the shell needs only the constants).
            treeshake: { manualPureFunctions: ['z'] },
            output: {
              codeSplitting: {
                groups: [
                  // Only what every screen runs: a package named here is pulled into this chunk even when only
                  // lazy code uses it (floating-ui, the modals' scroll lock… now load with what needs them).
                  {
                    name: 'framework',
                    test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|@mantine[\\/](hooks|store)|clsx)[\\/]/,
                    priority: 2,
                  },
                  // The rest of the first screen: the app's own modules the entry imports statically and the
                  // package modules they use (Mantine components, icons), in one chunk.
                  { name: 'boot', test: (id: string) => entryModules.has(id), priority: 3 },
                  { name: 'first-screen', test: (id: string) => firstScreenModules.has(id), priority: 1 },
                ],
              },
            },
          },
        },
      },
);

/**
 * The server's renderer of the first screen (decision 0051), with every package inside, so the API
 * loads it without the portal's dependencies installed (production prunes them); the lazy screens are
 * chunks of their own that it never loads. Same aliases and
 * the same ids as the portal's build, so the markup it writes is what the browser's app hydrates.
 */
function firstScreenRenderer(): UserConfig {
  return {
    root: import.meta.dirname,
    plugins: [stableIds(), react()],
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: `${reactRouter}index.mjs` },
        { find: /^react-router\/dom$/, replacement: `${reactRouter}dom-export.mjs` },
      ],
    },
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: 'src/server/render-first-screen.tsx',
      outDir: 'dist-ssr',
      emptyOutDir: true,
      target: 'node20',
      copyPublicDir: false,
    },
  };
}
