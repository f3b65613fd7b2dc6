import { randomBytes } from 'node:crypto';
import { MFA_ENROLLMENT_REQUIRED_MESSAGE } from '@vault/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.js';
import { parseKey } from '../lib/secret-box.js';
import { keptSetting } from '../lib/settings.repo.js';

/** Besides the routes marked `mfaEnrollment`, what a session waiting for enrollment may still call. */
const OPEN_DURING_ENROLLMENT = new Set(['/api/v1/authentication/logout', '/api/v1/authentication/me']);

/** MFA_ENCRYPTION_KEY, or in development a key made once and kept in the database (like the XSRF key). */
async function loadMfaKey(app: FastifyInstance): Promise<Buffer> {
  if (app.config.MFA_ENCRYPTION_KEY) return parseKey(app.config.MFA_ENCRYPTION_KEY)!;
  return parseKey(await keptSetting(app.db, 'mfa_key', randomBytes(32).toString('base64')))!;
}

/**
 * Second-factor policy on the server: a session opened after the grace period without the
 * factor its sponsor requires reaches nothing but enrollment, its own status and sign-out.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('mfaKey', await loadMfaKey(app));
    app.addHook('onRequest', async (request) => {
      if (!request.user?.mfaEnrollmentRequired) return;
      const config = request.routeOptions.config;
      if (config.mfaEnrollment || OPEN_DURING_ENROLLMENT.has(request.routeOptions.url ?? '')) return;
      throw forbidden(MFA_ENROLLMENT_REQUIRED_MESSAGE);
    });
  },
  { name: 'mfa-policy', dependencies: ['auth'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** AES-256 key of authenticator secrets and recovery-code hashes; never logged. */
    mfaKey: Buffer;
  }
  interface FastifyContextConfig {
    /** Reachable by a session that must enroll a second factor first. */
    mfaEnrollment?: boolean;
  }
}
