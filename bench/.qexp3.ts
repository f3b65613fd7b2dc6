import { openDatabase } from '../apps/api/src/db/client.js';
const db = await openDatabase({ dataDir: process.argv[2]! } as never);
console.log(await db.query(`select relname, n_live_tup, n_dead_tup, pg_size_pretty(pg_total_relation_size(relid)) as size, last_vacuum, last_autovacuum from pg_stat_user_tables where relname like 'overview%'`));
console.log(await db.query(`select kind, count(*) from overview_daily group by 1`));
await db.close();
