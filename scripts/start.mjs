// npm start: build the portal if it is missing or stale, then serve portal and API from one process.
import { spawn } from 'node:child_process';
import { bin, buildWeb, root, webIsStale } from './lib.mjs';

if (webIsStale()) {
  console.log('Building the portal (first start, or sources changed)…');
  const code = await buildWeb();
  if (code !== 0) process.exit(code);
}
const server = spawn(bin('tsx'), ['apps/api/src/server.ts'], { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
