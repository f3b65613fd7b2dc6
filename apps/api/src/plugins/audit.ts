import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import { emitWebhookEvents } from '../modules/webhooks/webhooks.events.js';
import type { Actor } from './types.js';

export interface AuditEntry {
  action: string;
  sponsorId?: number | null;
  targetType?: string;
  targetId?: string | number | null;
  outcome?: 'success' | 'failure';
  /** What changed. Secrets are removed before it is stored. */
  logJson?: Record<string, unknown>;
}

const SECRET_KEY = /pass(word)?|token|secret|api[-_]?key|hash|mfa/i;

export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) && typeof v !== 'boolean' ? '[redacted]' : redact(v),
      ]),
    );
  }
  return value;
}

/** Writes one audit entry; call it with the transaction that makes the change. */
export async function writeAudit(db: Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: actor.userId,
    actorEmail: actor.email,
    actorSponsorId: actor.sponsorId,
    sponsorId: entry.sponsorId ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    outcome: entry.outcome ?? 'success',
    clientIp: actor.ip,
    logJson: redact(entry.logJson ?? {}) as Record<string, unknown>,
  });
  await emitWebhookEvents(db, actor, entry, redact(entry.logJson ?? {}) as Record<string, unknown>);
}
