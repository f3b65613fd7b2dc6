import type { Db } from '../../db/client.js';
import { type AuditEntry, writeAudit } from '../../plugins/audit.js';

/** An audit entry about a person's second factor: it targets the person, in their own portal. */
export const auditFactor = (
  db: Db,
  actor: Parameters<typeof writeAudit>[1],
  user: { id: number; sponsorId: number | null },
  action: string,
  logJson?: AuditEntry['logJson'],
) => writeAudit(db, actor, { action, sponsorId: user.sponsorId, targetType: 'user', targetId: user.id, logJson });
