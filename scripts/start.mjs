// npm start: build the portal if it is missing or stale, then serve portal and API from one process.
// The server runs in this very process (tsx's loader registered here, no child), so a signal sent
// to npm start reaches the server's own shutdown.
import { register } from 'tsx/esm/api';
import { buildWeb, root, webIsStale } from './lib.mjs';

if (webIsStale()) {
  console.log('Building the portal (first start, or sources changed)…');
  const code = await buildWeb();
  if (code !== 0) process.exit(code);
}
process.chdir(root);
register();
await import('../apps/api/src/server.ts');
