import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const owner = (id: string) => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (pkg) return pkg[1]!;
  return id.replace(/.*\/(apps\/web\/src|packages\/contract\/src)\//, '$1/').replace(/\/[^/]+$/, '');
};

/**
 * `BUNDLE_REPORT=1 npm run build`: prints, for the entry chunk and the chunks it loads at once,
 * the gzip size of each chunk and the rendered size per package or source folder, largest first.
 */
export function bundleReport(): Plugin {
  return {
    name: 'vault-bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (!process.env.BUNDLE_REPORT) return;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const first = [entry, ...entry.imports.map((f) => chunks.find((c) => c.fileName === f)!).filter(Boolean)];
      const sizes = new Map<string, number>();
      for (const c of first) {
        console.log(`${(gzipSync(c.code).length / 1024).toFixed(1).padStart(7)} KB gz  ${c.fileName}`);
        for (const [id, m] of Object.entries(c.modules)) sizes.set(owner(id), (sizes.get(owner(id)) ?? 0) + m.renderedLength);
      }
      console.log('rendered size by package or folder (before minification and gzip):');
      for (const [k, n] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 30))
        console.log(`${(n / 1024).toFixed(1).padStart(7)} KB  ${k}`);
    },
  };
}
