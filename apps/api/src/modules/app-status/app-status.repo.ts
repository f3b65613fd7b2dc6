import type { Database } from '../../db/client.js';

export async function outbox(database: Database) {
  const [pending] = await database.query<{ n: number; oldest: Date | null; failing: number }>(
    `select count(*)::int as n, min(created_at) as oldest, count(*) filter (where attempts > 0)::int as failing
       from email_outbox where status in ('queued', 'sending', 'retrying')`,
  );
  const [failed] = await database.query<{ n: number; last_error: string | null }>(
    `select count(*)::int as n, (array_agg(last_error order by id desc))[1] as last_error
       from email_outbox where status = 'failed' and created_at > now() - interval '24 hours'`,
  );
  return {
    pending: Number(pending?.n ?? 0),
    oldest: pending?.oldest ? new Date(pending.oldest) : null,
    retrying: Number(pending?.failing ?? 0),
    failed24h: Number(failed?.n ?? 0),
    lastError: failed?.last_error ?? null,
  };
}

export async function failedUploads24h(database: Database, sponsorId: number) {
  const [row] = await database.query<{ n: number }>(
    `select count(*)::int as n from failed_uploads where sponsor_id = $1 and occurred_at > now() - interval '24 hours' and status <> 'dismissed'`,
    [sponsorId],
  );
  return Number(row?.n ?? 0);
}

export const vaultsByStatus = (database: Database, sponsorId: number) =>
  database.query<{ status_id: number; name: string; n: number }>(
    `select u.status_id, s.name, count(*)::int as n
       from vaults v join users u on u.id = v.holder_user_id join statuses s on s.id = u.status_id
      where v.sponsor_id = $1 group by u.status_id, s.name order by u.status_id`,
    [sponsorId],
  );

export async function pendingInvitations(database: Database, sponsorId: number) {
  const [row] = await database.query<{ n: number }>(
    `select count(*)::int as n from invitations where sponsor_id = $1 and uses < max and (expire_time is null or expire_time > now())`,
    [sponsorId],
  );
  return Number(row?.n ?? 0);
}
