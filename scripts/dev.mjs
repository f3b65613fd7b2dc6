// npm run dev: the API with reload on change, and Vite's dev server (proxying /api) for the portal.
import { spawn } from 'node:child_process';
import { bin, root } from './lib.mjs';

const children = [
  spawn(bin('tsx'), ['watch', 'apps/api/src/server.ts'], { stdio: 'inherit', cwd: root }),
  spawn(bin('vite'), [], { stdio: 'inherit', cwd: `${root}apps/web` }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
