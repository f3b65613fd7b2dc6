import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest
 * levels: done once here, the server only picks the copy the browser accepts.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vault-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const path of files(outDir)) {
        jobs.push(
          (async () => {
            const body = await readFile(path);
            const size = (await stat(path)).size;
            const [br, gzipped] = await Promise.all([
              brotli(body, {
                params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size },
              }),
              gz(body, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}
