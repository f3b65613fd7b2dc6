import { MFA_ENROLLMENT_REQUIRED_MESSAGE } from '@vault/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.js';
import { serverSecretKey } from '../lib/secret-key.js';

/** Besides the routes marked `mfaEnrollment`, what a session waiting for enrollment may still call. */
const OPEN_DURING_ENROLLMENT = new Set(['/api/v1/authentication/logout', '/api/v1/authentication/me']);

/**
 * Second-factor policy on the server: a session opened after the grace period without the
 * factor its sponsor requires reaches nothing but enrollment, its own status and sign-out.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.decorate('mfaKey', await serverSecretKey(app.config, app.db));
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
    /** AES-256 key of authenticator secrets, recovery-code hashes and webhook signing secrets (lib/secret-key.ts); never logged. */
    mfaKey: Buffer;
  }
  interface FastifyContextConfig {
    /** Reachable by a session that must enroll a second factor first. */
    mfaEnrollment?: boolean;
  }
}
