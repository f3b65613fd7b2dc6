import type { Db } from '../client.js';

export interface DemoResult {
  /** Lines printed at start-up: how to sign in as the demo users. */
  lines: string[];
}

/** Demo data for a new embedded database (filled in by the seed work). */
export async function seedDemoIfEmpty(_db: Db, _opts: { adminPassword?: string | null }): Promise<DemoResult | null> {
  return null;
}
