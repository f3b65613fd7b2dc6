import type { Plugin } from 'vite';

const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;

/**
 * The portal's own source files the entry reaches through static imports: the first screen's code.
 * Filled when the module graph is complete and read by the `first-screen` chunk group in
 * vite.config.ts, which also takes what they use from packages. Without it the bundler cuts every
 * module the first screen shares with a lazy screen into a small file of its own, all loaded at once.
 */
export const firstScreenModules = new Set<string>();

export function firstScreen(): Plugin {
  return {
    name: 'vault-first-screen',
    apply: 'build',
    buildEnd() {
      firstScreenModules.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const stack = entries.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []);
      while (stack.length) {
        const id = stack.pop()!;
        if (firstScreenModules.has(id) || !APP_SOURCE.test(id)) continue;
        firstScreenModules.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}
