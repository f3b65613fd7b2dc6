import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;
export const bin = (name) => join(root, 'node_modules/.bin', name);

/** Runs a command with inherited output; resolves to its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** True when the built portal is missing or older than its sources. */
export function webIsStale() {
  const index = join(root, 'apps/web/dist/index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = [
    join(root, 'apps/web/src'),
    join(root, 'apps/web/index.html'),
    join(root, 'apps/web/vite.config.ts'),
    join(root, 'packages/contract/src'),
  ];
  return sources.some(
    (s) => (existsSync(s) && statSync(s).isDirectory() ? newestMtime(s) : existsSync(s) ? statSync(s).mtimeMs : 0) > built,
  );
}

export const buildWeb = () => run('npm', ['run', 'build', '-w', '@vault/web', '--silent']);
