import { gzipSync } from 'node:zlib';
import { transformSync } from 'esbuild';
import type { Plugin } from 'vite';
import { firstScreenChunks } from './vite.first-screen';

const owner = (id: string) => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (pkg) return pkg[1]!;
  return id.replace(/.*\/(apps\/web\/src|packages\/contract\/src)\//, '$1/').replace(/\/[^/]+$/, '');
};

/**
 * `BUNDLE_REPORT=1 npm run build`: prints, for the chunks the first screen loads (see firstScreenChunks),
 * the gzip size of each chunk (and what they import in turn) and the rendered size per package or source folder, largest first.
 */
export function bundleReport(): Plugin {
  return {
    name: 'vault-bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (!process.env.BUNDLE_REPORT) return;
      const first = firstScreenChunks(bundle);
      const code = new Map<string, string[]>();
      for (const c of first) {
        console.log(`${(gzipSync(c.code).length / 1024).toFixed(1).padStart(7)} KB gz  ${c.fileName}`);
        for (const [id, m] of Object.entries(c.modules)) code.set(owner(id), [...(code.get(owner(id)) ?? []), m.code ?? '']);
      }
      // Each package's modules minified and gzipped on their own: close to what it adds to the load.
      const sizes = [...code].map(([k, parts]) => {
        const min = transformSync(parts.join('\n'), { minify: true, loader: 'js' }).code;
        return [k, min.length, gzipSync(min).length] as const;
      });
      console.log('by package or source folder (minified, then gzipped on its own):');
      for (const [k, min, gz] of sizes.sort((a, b) => b[2] - a[2]).slice(0, 40))
        console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB gz ${(min / 1024).toFixed(1).padStart(7)} KB min  ${k}`);
      if (process.env.BUNDLE_REPORT === 'mantine') {
        const comp = new Map<string, number>();
        for (const c of first)
          for (const [id, m] of Object.entries(c.modules)) {
            const k = /@mantine\/core\/esm\/(?:components\/)?([^/]+)/.exec(id)?.[1];
            if (k) comp.set(k, (comp.get(k) ?? 0) + m.renderedLength);
          }
        for (const [k, n] of [...comp].sort((a, b) => b[1] - a[1])) console.log(`${(n / 1024).toFixed(1).padStart(7)} KB  ${k}`);
      }
    },
  };
}
