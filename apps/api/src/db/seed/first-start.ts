import type { Config } from '../../config.js';
import type { Database } from '../client.js';
import { applyMigrations, withStartupLock } from '../migrate.js';
import { type AdminBootstrap, ensureStaffAdmin } from './admin.js';
import { ensureCatalog } from './catalog.js';
import { type DemoResult, seedDemoIfEmpty } from './demo.js';

/**
 * Everything a start needs of the database, in one turn under the startup lock: pending
 * migrations, the app catalogue, the first staff administrator and (when asked) the demo data.
 * Each step finds its work already done when another instance went first.
 */
export async function prepareDatabase(
  database: Database,
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'demoData'>,
): Promise<{ admin: AdminBootstrap; demo: DemoResult | null }> {
  return withStartupLock(database, async (client) => {
    await applyMigrations(database, client);
    await ensureCatalog(database.db);
    const admin = await ensureStaffAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    const demo = config.demoData
      ? await seedDemoIfEmpty(database.db, { adminPassword: admin.generatedPassword ?? config.ADMIN_PASSWORD })
      : null;
    return { admin, demo };
  });
}
