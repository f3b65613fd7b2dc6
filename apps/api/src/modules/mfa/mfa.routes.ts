import {
  confirmCodeBody,
  confirmIdentityBody,
  errorBody,
  identityConfirmed,
  loginResponse,
  mfaStatus,
  recoveryCodes,
  secondFactorVerifyBody,
  totpEnrollment,
} from '@vault/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setXsrfCookie, xsrfTokenFor } from '../../plugins/auth.js';
import { PUBLIC_BODY_LIMIT } from '../../plugins/json-body.js';
import * as service from './mfa.service.js';
import { passkeyRoutes } from './passkeys.routes.js';
import * as stepUp from './step-up.js';

const tags = ['second factor'];
// Reachable while a session waits for enrollment (plugins/mfa-policy.ts).
const enrollment = { mfaEnrollment: true } as const;

export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(passkeyRoutes);
  const ctx = (request: FastifyRequest): service.Ctx => ({ ...request.ctx, key: app.mfaKey });

  app.post(
    '/api/v1/authentication/second-factor',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { auth: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        summary: 'Finish signing in with an authenticator or recovery code',
        tags: ['authentication'],
        security: [],
        description:
          'Second sign-in step: the challengeToken the login answered and a 6-digit authenticator code or a recovery code. ' +
          'Wrong codes count in the sign-in throttle; a code is accepted once.',
        body: secondFactorVerifyBody,
        response: { 200: loginResponse, 401: errorBody },
      },
    },
    async (request, reply) => {
      const { tokenHash, ...session } = await service.verifyChallenge(app.db, app.mfaKey, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setXsrfCookie(request, reply, xsrfTokenFor(app.xsrfKey, tokenHash));
      return session;
    },
  );

  app.get(
    '/api/v1/account/second-factor',
    {
      config: enrollment,
      schema: {
        summary: 'Read your second factor and the policy that applies',
        tags,
        description: "The signed-in person's second factor and the policy that applies.",
        response: { 200: mfaStatus },
      },
    },
    async (request) => service.status(app.db, request.user!),
  );

  app.post(
    '/api/v1/account/confirm-identity',
    {
      config: { ...enrollment, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        summary: 'Confirm it is you before changing your second factor',
        tags,
        description:
          'A fresh proof of identity for this session: the password while the account has no second factor, else a current or recovery code. ' +
          'For the next minutes (identityConfirmedUntil) the session may add an authenticator app or a passkey. Wrong answers count in the sign-in throttle.',
        body: confirmIdentityBody,
        response: { 200: identityConfirmed, 400: errorBody },
      },
    },
    async (request) => stepUp.confirmIdentity(ctx(request), request.body),
  );

  app.post(
    '/api/v1/account/second-factor/totp',
    {
      config: enrollment,
      schema: {
        summary: 'Start setting up an authenticator app',
        tags,
        description:
          'Starts authenticator enrollment: a new secret, its otpauth URL and QR code. Shown this once; 409 when already enrolled; ' +
          '403 without a fresh proof of identity (POST /api/v1/account/confirm-identity).',
        response: { 200: totpEnrollment, 403: errorBody, 409: errorBody },
      },
    },
    async (request) => service.startTotp(ctx(request)),
  );

  // Both answer ten new recovery codes for a code: confirming enrollment (reachable while enrollment
  // is required) and replacing the codes.
  const codeRoutes = [
    {
      url: '/api/v1/account/second-factor/totp/confirm',
      config: enrollment,
      summary: 'Turn the authenticator on with a first code',
      description: 'Confirms enrollment with a first code; answers the ten recovery codes, shown this once.',
      run: service.confirmTotp,
    },
    {
      url: '/api/v1/account/second-factor/recovery-codes',
      config: {},
      summary: 'Replace your recovery codes',
      description: 'Replaces the recovery codes with ten new ones; needs a current code or a recovery code.',
      run: service.regenerateRecoveryCodes,
    },
  ];
  for (const route of codeRoutes) {
    app.post(
      route.url,
      {
        config: route.config,
        schema: {
          summary: route.summary,
          tags,
          description: route.description,
          body: confirmCodeBody,
          response: { 200: recoveryCodes, 400: errorBody, 409: errorBody },
        },
      },
      async (request) => route.run(ctx(request), request.body.code),
    );
  }

  app.delete(
    '/api/v1/account/second-factor',
    {
      schema: {
        summary: 'Remove your second factor',
        tags,
        description: "Removes one's own second factor; needs a current code or a recovery code.",
        body: confirmCodeBody,
        response: { 200: z.object({ message: z.string() }), 400: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      await service.removeOwn(ctx(request), request.body.code);
      return { message: 'Your second factor was removed.' };
    },
  );
};
