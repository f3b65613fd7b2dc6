import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckState, ServiceStatus, StatusCheck } from '@vault/contract';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { verifySmtp } from '../../mail/transport.js';
import type { SponsorRef } from '../../plugins/types.js';
import * as repo from './app-status.repo.js';

export const VERSION: string = (() => {
  try {
    return (JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
})();

/** Oldest pending e-mail older than this is a warning; older than the error limit, an error. */
export const OUTBOX_WARN_MINUTES = 15;
export const OUTBOX_ERROR_MINUTES = 60;

async function timed<T>(fn: () => Promise<T>): Promise<{ value?: T; error?: Error; ms: number }> {
  const started = performance.now();
  try {
    const value = await fn();
    return { value, ms: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    return { error: error as Error, ms: Math.round((performance.now() - started) * 10) / 10 };
  }
}

const RANK: Record<CheckState, number> = { info: 0, ok: 0, warning: 1, error: 2 };
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function age(ms: number) {
  const m = Math.floor(ms / 60_000);
  if (m < 1) return 'less than a minute';
  if (m < 120) return plural(m, 'minute');
  return plural(Math.floor(m / 60), 'hour');
}

function duration(s: number) {
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return [d ? `${d} d` : '', h ? `${h} h` : '', `${m} min`].filter(Boolean).join(' ');
}

/** App Status (GET /api/v1/admin/{sponsorId}): real checks, each with its state and how long it took. */
export async function status(database: Database, config: Config, sponsor: SponsorRef): Promise<ServiceStatus> {
  const smtp = config.SMTP_URL;
  const [db, mail, outbox, uploads, vaults, invitations] = await Promise.all([
    timed(() => database.query('select 1 as ok')),
    smtp ? timed(() => verifySmtp(smtp)) : Promise.resolve(null),
    timed(() => repo.outbox(database)),
    timed(() => repo.failedUploads24h(database, sponsor.id)),
    timed(() => repo.vaultsByStatus(database, sponsor.id)),
    timed(() => repo.pendingInvitations(database, sponsor.id)),
  ]);
  const checks: StatusCheck[] = [];

  checks.push({
    key: 'database',
    label: 'Database',
    state: db.error ? 'error' : db.ms > 250 ? 'warning' : 'ok',
    latencyMs: db.ms,
    detail: db.error
      ? `Database unreachable: ${db.error.message}`
      : `${database.kind === 'pg' ? 'PostgreSQL' : 'Embedded PostgreSQL (PGlite)'} answered a round-trip`,
  });

  if (mail) {
    const r = mail.value!;
    checks.push({ key: 'mail', label: 'E-mail transport', state: r.ok ? 'ok' : 'error', latencyMs: r.latencyMs, detail: r.detail });
  } else {
    checks.push({
      key: 'mail',
      label: 'E-mail transport',
      state: 'info',
      latencyMs: 0,
      detail: 'Outbox only: SMTP_URL is not set, so e-mails stay in the outbox, unsent',
    });
  }

  if (outbox.error) {
    checks.push({ key: 'outbox', label: 'E-mail outbox', state: 'error', latencyMs: outbox.ms, detail: outbox.error.message });
  } else {
    const o = outbox.value!;
    const oldestMs = o.oldest ? Date.now() - o.oldest.getTime() : 0;
    const state: CheckState = !o.pending
      ? 'ok'
      : !smtp
        ? 'info'
        : oldestMs > OUTBOX_ERROR_MINUTES * 60_000
          ? 'error'
          : oldestMs > OUTBOX_WARN_MINUTES * 60_000 || o.retrying
            ? 'warning'
            : 'ok';
    checks.push({
      key: 'outbox',
      label: 'E-mail outbox',
      state,
      latencyMs: outbox.ms,
      value: o.pending,
      detail: o.pending
        ? `${plural(o.pending, 'message')} waiting; the oldest for ${age(oldestMs)}${o.retrying ? `; ${plural(o.retrying, 'message')} being retried` : ''}`
        : 'No message waiting',
    });
    checks.push({
      key: 'mail_failures',
      label: 'E-mails given up (24 h)',
      state: o.failed24h ? 'error' : 'ok',
      latencyMs: outbox.ms,
      value: o.failed24h,
      detail: o.failed24h
        ? `${plural(o.failed24h, 'message')} could not be delivered; last error: ${o.lastError ?? 'unknown'}`
        : 'Every message was delivered or is still being tried',
    });
  }

  checks.push({
    key: 'failed_uploads',
    label: 'Failed uploads (24 h)',
    state: uploads.error ? 'error' : uploads.value ? 'warning' : 'ok',
    latencyMs: uploads.ms,
    value: uploads.value ?? null,
    detail: uploads.error
      ? uploads.error.message
      : uploads.value
        ? `${plural(uploads.value, 'upload')} of ${sponsor.sponsorCode} failed in the last 24 hours`
        : `No upload of ${sponsor.sponsorCode} failed in the last 24 hours`,
  });

  const uptime = Math.round(process.uptime());
  checks.push({
    key: 'version',
    label: 'Version',
    state: 'ok',
    latencyMs: 0,
    value: VERSION,
    detail: `API version ${VERSION}, Node.js ${process.version}`,
  });
  checks.push({ key: 'uptime', label: 'Uptime', state: 'ok', latencyMs: 0, value: uptime, detail: `Running for ${duration(uptime)}` });

  const byStatus = (vaults.value ?? []).map((r) => ({ statusId: Number(r.status_id), name: r.name, count: Number(r.n) }));
  const vaultsTotal = byStatus.reduce((s, r) => s + r.count, 0);
  const countsError = vaults.error ?? invitations.error;
  checks.push({
    key: 'portal_data',
    label: 'Portal data',
    state: countsError ? 'error' : 'ok',
    latencyMs: Math.max(vaults.ms, invitations.ms),
    detail: countsError
      ? countsError.message
      : `${plural(vaultsTotal, 'vault')} and ${plural(invitations.value ?? 0, 'pending invitation')} in ${sponsor.sponsorCode}`,
  });

  const overall = checks.reduce<CheckState>((w, c) => (RANK[c.state] > RANK[w] ? c.state : w), 'ok');
  return {
    status: 200,
    message: overall === 'ok' ? 'All checks passed' : overall === 'warning' ? 'Some checks need attention' : 'Some checks failed',
    data: {
      checkedAt: new Date().toISOString(),
      overall,
      version: VERSION,
      uptimeSeconds: uptime,
      checks,
      sponsor: {
        id: sponsor.id,
        sponsorCode: sponsor.sponsorCode,
        vaultsByStatus: byStatus,
        vaultsTotal,
        pendingInvitations: invitations.value ?? 0,
      },
    },
  };
}
