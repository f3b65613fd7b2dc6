import { openDatabase } from '../apps/api/src/db/client.js';
import * as repo from '../apps/api/src/modules/overview/overview.repo.js';
const db = await openDatabase({ dataDir: process.argv[2]! } as never);
const d = db.db;
const id = 1;
const range = { from: '2026-10-29', to: '2026-11-27' };
const year = { from: '2025-11-27', to: '2026-11-27' };
const w = (sp: number | null, r: typeof range) => ({ range: r, weeks: { from: '2025-12-01', to: '2026-11-27' }, failedDays: { from: '2026-10-29', to: '2026-11-27' }, expiringBefore: new Date(Date.now() + 7 * 864e5), withAdmins: true, top: sp === null ? 10 : null });
const time = async (name: string, fn: () => Promise<unknown>) => {
  for (let i = 0; i < 5; i++) await fn();
  const t: number[] = [];
  for (let i = 0; i < 40; i++) { const s = performance.now(); await fn(); t.push(performance.now() - s); }
  t.sort((a, b) => a - b);
  console.log(name.padEnd(30), 'median', t[20]!.toFixed(2), 'p95', t[37]!.toFixed(2));
};
await time('select 1', () => db.query('select 1'));
await time('sponsors list-ish', () => db.query('select id, sponsor_code, name from sponsors order by sponsor_code limit 100'));
await time('figures BK01 29d', () => repo.figures(d, id, w(id, range)));
await time('figures BK01 year', () => repo.figures(d, id, w(id, year)));
await time('figures all year', () => repo.figures(d, null, w(null, year)));
await db.close();
