import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { loadConfig } from '../../../config.js';
import { openDatabase } from '../../../db/client.js';
import { writeAudit } from '../../../plugins/audit.js';
import { useTestApp } from '../../../test/per-file-app.js';
import { verifyChain } from './verify.js';

const t = useTestApp();

// PGlite is one in-process database with one connection: two instances cannot share it, so there is
// nothing to race. The race is PostgreSQL's, with each instance on its own pool of connections.
describe.runIf(process.env.TEST_DB === 'pg')('two instances writing at once', () => {
  it('leave one unbroken chain per portal: 1,000 entries each, concurrently, through their own pools', async () => {
    const a = await t.createSponsor('ALPHA');
    const url = (t.database.pool!.options as { connectionString: string }).connectionString;
    const second = await openDatabase({ url, poolSize: 5 });
    const other = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://portal.test' } as NodeJS.ProcessEnv),
      database: second,
    });
    try {
      await other.ready();
      const actor = { userId: null, email: 'writer@test.local', sponsorId: null, ip: '127.0.0.1' };
      const write = async (db: typeof t.db, instance: string) => {
        // 20 writes in flight at a time, each its own transaction, as 20 requests would be.
        const next = { i: 0 };
        await Promise.all(
          Array.from({ length: 20 }, async () => {
            while (next.i < 1000) {
              const i = next.i++;
              await db.transaction((tx) =>
                writeAudit(tx, actor, { action: 'race.write', sponsorId: i % 10 === 0 ? null : a.id, logJson: { instance, i } }),
              );
            }
          }),
        );
      };
      await Promise.all([write(t.db, 'one'), write(other.db, 'two')]);
      const portal = await verifyChain(t.db, a.id, t.app.auditSigner);
      expect(portal).toMatchObject({ whole: true, entries: 1800, lastSeq: 1800, gaps: [] });
      const none = await verifyChain(other.db, null, other.auditSigner);
      expect(none).toMatchObject({ whole: true, gaps: [] });
      expect(none.entries).toBeGreaterThanOrEqual(200);
    } finally {
      await other.close();
      await second.close();
    }
  }, 120_000);
});
