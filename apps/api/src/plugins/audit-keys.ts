import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AuditSigner, loadAuditSigner } from '../modules/audit/chain/signing-key.js';

/** The audit checkpoints' Ed25519 key (AUDIT_SIGNING_KEY, or made on first start outside production). */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('auditSigner', await loadAuditSigner(app.config.AUDIT_SIGNING_KEY, app.db));
  },
  { name: 'audit-keys' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs the audit chains' checkpoints; its private key is never logged or answered. */
    auditSigner: AuditSigner;
  }
}
