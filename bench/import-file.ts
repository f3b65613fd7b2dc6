import type { Database } from '../apps/api/src/db/client.js';
import { type BenchContext, call } from './lib.js';

export interface ImportRun {
  previewMs: number;
  confirmMs: number;
  imported: number;
  bytes: number;
  tag: string;
}

/**
 * A CSV import of `count` new vault holders through the real multipart route (preview, then
 * confirm), as the portal sends it. Null when the sponsor has no package to import into.
 * removeImport takes them out again so the data set stays the same for the next run.
 */
export async function importHolders(
  ctx: Pick<BenchContext, 'baseUrl' | 'staff'>,
  sponsorId: number,
  count: number,
): Promise<ImportRun | null> {
  const packages = (await call(ctx, `/api/v1/packages/filter?sponsorId=${sponsorId}`, { headers: ctx.staff })) as {
    data: { name: string }[];
  };
  const pkg = packages.data[0]?.name;
  if (!pkg) return null;
  const tag = `benchimp${Date.now().toString(36)}`;
  const lines = ['email,firstName,lastName,package,license'];
  for (let i = 0; i < count; i++)
    lines.push(`${tag}.${i}@import.bench,Imported${i},Holder${i % 997},${pkg},${i % 3 === 0 ? 'annual' : 'monthly'}`);
  const csv = `${lines.join('\n')}\n`;
  const headers = { authorization: ctx.staff.authorization!, 'x-xsrf-token': ctx.staff['x-xsrf-token']!, cookie: ctx.staff.cookie! };
  const t0 = performance.now();
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench-import.csv');
  const res = await fetch(`${ctx.baseUrl}/api/v1/users/import?sponsorId=${sponsorId}`, { method: 'POST', headers, body: form });
  const preview = (await res.json()) as { jobId: string; validRows: number; message?: string };
  if (!res.ok) throw new Error(`preview ${res.status}: ${preview.message}`);
  const t1 = performance.now();
  const result = (await call(ctx, `/api/v1/users/import-vault?sponsorId=${sponsorId}`, {
    method: 'POST',
    headers: ctx.staff,
    body: { jobId: preview.jobId },
  })) as { importedUsers: number };
  return { previewMs: t1 - t0, confirmMs: performance.now() - t1, imported: result.importedUsers, bytes: Buffer.byteLength(csv), tag };
}

/**
 * Deletes what importHolders added (every holder of the sponsor with bench import e-mails, and the
 * jobs), then vacuums where nothing else will: PGlite has no autovacuum, and a PostgreSQL server may
 * run with it off (this machine's does). Without it every run leaves 100,000 dead users (and their
 * entries in 14 indexes) behind: each later run inserts into larger, slower indexes, and the page
 * queries of the next run read past the dead rows (the first page of the largest portal went from
 * 5 to 9 ms after nine unvacuumed imports on PostgreSQL).
 */
export async function removeImport(database: Database, sponsorId: number, engine: 'pglite' | 'pg') {
  await database.query(`delete from users where role = 'vault_holder' and sponsor_id = $1 and email like 'benchimp%@import.bench'`, [
    sponsorId,
  ]);
  await database.query(`delete from import_jobs where sponsor_id = $1 and file_name = 'bench-import.csv'`, [sponsorId]);
  const autovacuum = engine === 'pg' && (await database.query<{ autovacuum: string }>('show autovacuum'))[0]?.autovacuum === 'on';
  if (!autovacuum) await database.query('vacuum users, vault_holders, vaults, import_jobs, import_job_rows');
}
