import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleReport } from './vite.bundle-report';
import { precompress } from './vite.precompress';

/** The portal: built to apps/web/dist and served by the API process; in development Vite proxies /api. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), bundleReport(), precompress()],
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
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|@floating-ui|mantine-datatable|@mantine[\\/](hooks|modals|notifications)|react-transition-group|react-remove-scroll[^\\/]*|use-sidecar|use-callback-ref|react-style-singleton|tslib|clsx)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
