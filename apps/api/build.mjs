// Compiles the API to dist/ for `node dist/server.js`: tsc emits JavaScript with source maps, the
// SQL migrations are copied beside the compiled migrator, and imports of the shared contract are
// pointed at its compiled JavaScript (packages/contract/dist, built first). The contract's package
// entry stays on its TypeScript source so that tsx, Vite and Vitest run without any build.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const here = import.meta.dirname;
const dist = join(here, 'dist');
const contract = join(here, '../../packages/contract/dist/index.js');
if (!existsSync(contract)) {
  console.error('Build the contract first (npm run build -w @vault/contract): packages/contract/dist is missing.');
  process.exit(1);
}

rmSync(dist, { recursive: true, force: true });
const tsc = spawnSync(join(here, '../../node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], { cwd: here, stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

cpSync(join(here, 'src/db/migrations'), join(dist, 'db/migrations'), { recursive: true });

const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
for (const file of files) {
  const path = join(dist, file);
  const source = readFileSync(path, 'utf8');
  if (!source.includes("'@vault/contract'")) continue;
  let target = relative(dirname(path), contract);
  if (!target.startsWith('.')) target = `./${target}`;
  writeFileSync(path, source.replaceAll("'@vault/contract'", `'${target}'`));
}
const left = files.filter((f) => /['"]@vault\/contract['"]/.test(readFileSync(join(dist, f), 'utf8')));
if (left.length) {
  console.error(`Imports of @vault/contract left in: ${left.join(', ')}`);
  process.exit(1);
}
console.log(`API compiled to ${relative(process.cwd(), dist) || '.'} (${files.length} modules)`);
