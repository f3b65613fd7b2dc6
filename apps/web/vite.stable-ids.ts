import type { Plugin } from 'vite';

const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/*
 * Mantine's useId starts with React's id, then swaps it for a random one in a layout effect: every
 * Mantine input, checkbox and select renders twice when it mounts, the second time synchronously
 * before the browser may paint, and every id and aria reference it wrote changes. On the vault list
 * that second pass took about 15 ms between React's commit and the rows reaching the screen
 * (docs/decisions/0028). React's own id is unique in the page and the same from the first render.
 */
const STABLE_USE_ID = `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/[^A-Za-z0-9_-]/g, '');
}
`;

const loadStableUseId = (id: string) => (MANTINE_USE_ID.test(id.split('?')[0]!) ? STABLE_USE_ID : null);

/**
 * Gives Mantine components React's id from their first render (see above): at build, in the dom
 * tests, and in the dev server, whose dependency optimizer pre-bundles Mantine with plugins of its
 * own, so the same load hook is handed to it as well.
 */
export function stableIds(): Plugin {
  return {
    name: 'vault-stable-ids',
    enforce: 'pre',
    load: loadStableUseId,
    config: () => ({ optimizeDeps: { rolldownOptions: { plugins: [{ name: 'vault-stable-ids-deps', load: loadStableUseId }] } } }),
  };
}
