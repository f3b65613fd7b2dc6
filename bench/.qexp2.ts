import { openDatabase } from '../apps/api/src/db/client.js';
const db = await openDatabase({ dataDir: process.argv[2]! } as never);
const qs = [
 `select day, sum(n) from overview_daily where kind='sign_in' and day between '2025-11-27' and '2026-11-27' group by day`,
 `select day, sum(n) from overview_daily where kind='holder_created' and day between '2025-12-01' and '2026-11-27' group by day`,
 `select days, sum(n) from overview_activation_days where created_day between '2025-11-27' and '2026-11-27' group by days`,
 `select sponsor_id, sum(n) as n from overview_daily where kind = 'holder_created' and day between '2025-11-27' and '2026-11-27' group by 1 having sum(n) > 0 order by 2 desc, 1 limit 10`,
 `select count(*) from invitations where uses < max and (expire_time is null or expire_time > now())`,
 `select count(*) from sponsor_admins a join users u on u.id = a.user_id where not u.mfa_enabled`,
];
for (const q of qs) {
  for (let i = 0; i < 3; i++) await db.query(q);
  const r = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers off) ${q}`);
  const lines = r.map((x) => Object.values(x)[0] as string);
  console.log(q.slice(0, 90), '\n  ', lines[0]?.slice(0, 140), '\n  ', lines.slice(-2).join(' | '));
}
await db.close();
