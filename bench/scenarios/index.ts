import type { Scenario } from '../lib.js';
import { allPortals } from './all-portals.js';
import { audit } from './audit.js';
import { auditChain } from './audit-chain.js';
import { health } from './health.js';
import { listThroughput } from './list-throughput.js';
import { overview } from './overview.js';
import { signIn } from './sign-in.js';
import { sponsorList } from './sponsor-list.js';
import { vaultHolderPage } from './vault-holder-page.js';
import { vaults } from './vaults.js';

/**
 * Every scenario run in this process, in the order they run. Those that need a server process of
 * their own (portal-load, api-memory) run after, from bench/run.ts. Add yours here (one line) after
 * writing bench/scenarios/<name>.ts.
 */
export const scenarios: Scenario[] = [
  health,
  signIn,
  sponsorList,
  vaultHolderPage,
  listThroughput,
  vaults,
  audit,
  auditChain,
  overview,
  allPortals,
];
