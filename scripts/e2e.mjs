// npm run e2e: only the browser journeys (builds the portal first).
import { bin, buildWeb, run } from './lib.mjs';

if ((await buildWeb()) !== 0) process.exit(1);
process.exit(await run(bin('playwright'), ['test', ...process.argv.slice(2)]));
