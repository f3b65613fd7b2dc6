import type { Plugin, Rollup } from 'vite';

const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]|[\\/]packages[\\/]contract[\\/]src[\\/]constants\.ts$/;
const START = /[\\/]src[\\/]app[\\/]start\.tsx$/;
/** zod: every schema of the contract imports it. */
const SCHEMA_CODE = /[\\/]node_modules[\\/]zod[\\/]/;

/**
 * The portal's own modules the app start (src/app/start.tsx, which main.tsx imports dynamically)
 * reaches through static imports, minus those the entry itself imports: the first screen's code.
 * Filled when the module graph is complete and read by the `first-screen` chunk group in
 * vite.config.ts, which also takes what they use from packages. Without it the bundler cuts every
 * module the first screen shares with a lazy screen into a small file of its own, all loaded at once.
 */
export const firstScreenModules = new Set<string>();
/**
 * What the entry itself imports (reading the saved session, starting the first request): a small
 * chunk of its own, or the bundler would merge it into the first screen's and the entry would wait
 * for all of that before asking for anything.
 */
export const entryModules = new Set<string>();

export function firstScreen(): Plugin {
  return {
    name: 'vault-first-screen',
    apply: 'build',
    buildEnd() {
      const reach = (roots: string[]) => {
        const seen = new Set<string>();
        const stack = [...roots];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id) || !APP_SOURCE.test(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      const byEntry = reach(entries.flatMap((id) => this.getModuleInfo(id)?.importedIds ?? []));
      entryModules.clear();
      for (const id of byEntry) entryModules.add(id);
      firstScreenModules.clear();
      for (const id of reach(ids.filter((id) => START.test(id)))) if (!byEntry.has(id)) firstScreenModules.add(id);
    },
    // The first screen's budget (DESIGN 7) holds only while it leaves the schemas to the screens
    // that validate forms: one value imported from '@vault/contract' instead of
    // '@vault/contract/constants' brings zod and every schema in (26 KB gzip, found by the bench).
    generateBundle(_options, bundle) {
      for (const chunk of firstScreenChunks(bundle)) {
        if (Object.keys(chunk.modules).some((id) => SCHEMA_CODE.test(id)))
          this.error(
            `The first screen (${chunk.fileName}) holds zod and the contract's schemas: import values from '@vault/contract/constants' or '@vault/contract/vault-constants', or load the code that needs the schemas lazily.`,
          );
      }
    },
    // index.html preloads the app start's code and loads its styles, so they download alongside
    // the entry rather than after it has run.
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const files = firstScreenChunks(ctx.bundle ?? {}).filter((c) => !html.includes(c.fileName));
        return [
          ...files.map((c) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${c.fileName}` },
            injectTo: 'head' as const,
          })),
          ...files.flatMap((c) =>
            [...(c.viteMetadata?.importedCss ?? [])].map((css) => ({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `/${css}` },
              injectTo: 'head' as const,
            })),
          ),
        ];
      },
    },
  };
}

/** The chunks the first screen runs: the entry, the app start, and every chunk they import statically. */
export function firstScreenChunks(bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const files = chunks.filter((c) => c.isEntry || Object.keys(c.modules).some((id) => START.test(id)));
  for (let i = 0; i < files.length; i++)
    for (const f of files[i]!.imports) {
      const c = chunks.find((x) => x.fileName === f);
      if (c && !files.includes(c)) files.push(c);
    }
  return files;
}
