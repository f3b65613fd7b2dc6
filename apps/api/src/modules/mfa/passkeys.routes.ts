import {
  errorBody,
  identityConfirmed,
  loginResponse,
  passkey,
  passkeyChallengeBody,
  passkeyList,
  passkeyOptions,
  passkeyRegisterBody,
  passkeyRegistered,
  passkeyRenameBody,
  passkeySecondFactorBody,
  passkeySignInBody,
  passkeySignInOptionsBody,
  personIdParams,
} from '@vault/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setXsrfCookie, xsrfTokenFor } from '../../plugins/auth.js';
import { PUBLIC_BODY_LIMIT } from '../../plugins/json-body.js';
import * as signIn from './passkey-sign-in.js';
import * as service from './passkeys.service.js';
import * as stepUp from './step-up.js';
import { relyingPartyFor } from './webauthn.js';

const tags = ['second factor'];
// Reachable while a session waits for enrollment (plugins/mfa-policy.ts).
const enrollment = { mfaEnrollment: true } as const;
const signInLimit = { auth: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } } as const;

/** Passkeys (WebAuthn) of administrators: registration on the account page, and sign-in with them. */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const rp = relyingPartyFor(app.config.publicUrl);
  const ctx = (request: FastifyRequest): service.PasskeyCtx => ({ ...request.ctx, key: app.mfaKey, rp });
  const opened = (
    request: FastifyRequest,
    reply: FastifyReply,
    { tokenHash, ...session }: Awaited<ReturnType<typeof signIn.verifySignIn>>,
  ) => {
    setXsrfCookie(request, reply, xsrfTokenFor(app.xsrfKey, tokenHash));
    return session;
  };
  const attempt = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

  // The account's passkey routes: reachable while a session waits for enrollment.
  const accountStep = <S extends { summary: string; description: string }>(schema: S) => ({
    config: enrollment,
    schema: { ...schema, tags },
  });
  // The sign-in steps: public, throttled, documented under authentication.
  const signInStep = <S extends { summary: string; description: string }>(schema: S) => ({
    bodyLimit: PUBLIC_BODY_LIMIT,
    config: signInLimit,
    schema: { ...schema, tags: ['authentication'], security: [] },
  });
  const ONE_CHALLENGE = 'The challenge is kept on the server and accepted once, for five minutes.';
  const THROTTLED = 'A refused passkey counts in the sign-in throttle.';

  app.post(
    '/api/v1/authentication/second-factor/passkey/options',
    signInStep({
      summary: 'Start the second sign-in step with a passkey',
      description: `WebAuthn request options for the password step's challengeToken, limited to that person's passkeys. ${ONE_CHALLENGE}`,
      body: passkeyChallengeBody,
      response: { 200: passkeyOptions, 401: errorBody },
    }),
    async (request) => signIn.secondFactorOptions(app.db, rp, request.body.challengeToken),
  );

  app.post(
    '/api/v1/authentication/second-factor/passkey',
    signInStep({
      summary: 'Finish signing in with a passkey',
      description: `Second sign-in step: the password step's challengeToken and the browser's WebAuthn assertion. ${THROTTLED}`,
      body: passkeySecondFactorBody,
      response: { 200: loginResponse, 401: errorBody },
    }),
    async (request, reply) => opened(request, reply, await signIn.verifySecondFactor(app.db, rp, { ...request.body, ...attempt(request) })),
  );

  app.post(
    '/api/v1/authentication/passkey/options',
    signInStep({
      summary: 'Start signing in with a passkey alone',
      description: `WebAuthn request options for a discoverable passkey, with user verification required. ${ONE_CHALLENGE}`,
      body: passkeySignInOptionsBody,
      response: { 200: passkeyOptions },
    }),
    async () => signIn.signInOptions(app.db, rp),
  );

  app.post(
    '/api/v1/authentication/passkey',
    signInStep({
      summary: 'Sign in with a passkey alone',
      description: `The browser's WebAuthn assertion of a discoverable passkey: opens the same session as a password and a second factor. ${THROTTLED}`,
      body: passkeySignInBody,
      response: { 200: loginResponse, 401: errorBody, 403: errorBody },
    }),
    async (request, reply) => opened(request, reply, await signIn.verifySignIn(app.db, rp, { ...request.body, ...attempt(request) })),
  );

  app.get(
    '/api/v1/account/passkeys',
    accountStep({
      summary: 'List your passkeys',
      description: 'Your passkeys with their names, creation and last use.',
      response: { 200: passkeyList },
    }),
    async (request) => service.list(ctx(request)),
  );

  app.post(
    '/api/v1/account/passkeys/options',
    accountStep({
      summary: 'Start registering a passkey',
      description:
        'WebAuthn creation options for a new discoverable passkey; the challenge is kept on the server and accepted once. ' +
        '403 without a fresh proof of identity (POST /api/v1/account/confirm-identity).',
      response: { 200: passkeyOptions, 403: errorBody },
    }),
    async (request) => service.registrationOptions(ctx(request)),
  );

  app.post(
    '/api/v1/account/passkeys',
    accountStep({
      summary: 'Register a passkey',
      description:
        "Keeps the browser's new credential under a name. When it is the first second factor, answers the ten recovery codes, shown this once.",
      body: passkeyRegisterBody,
      response: { 200: passkeyRegistered, 400: errorBody, 409: errorBody },
    }),
    async (request) => service.register(ctx(request), request.body.name, request.body.response),
  );

  app.post(
    '/api/v1/account/confirm-identity/passkey/options',
    accountStep({
      summary: 'Start confirming it is you with a passkey',
      description: `WebAuthn request options limited to your own passkeys, to prove it is you before a factor is added. ${ONE_CHALLENGE}`,
      response: { 200: passkeyOptions, 409: errorBody },
    }),
    async (request) => stepUp.passkeyOptions(ctx(request)),
  );

  app.post(
    '/api/v1/account/confirm-identity/passkey',
    {
      config: { ...enrollment, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        summary: 'Confirm it is you with a passkey',
        tags,
        description: `The browser's assertion of one of your passkeys; the session may then add a factor for a few minutes. ${THROTTLED}`,
        body: passkeySignInBody,
        response: { 200: identityConfirmed, 400: errorBody },
      },
    },
    async (request) => stepUp.confirmWithPasskey(ctx(request), request.body.response),
  );

  app.put(
    '/api/v1/account/passkeys/:id',
    {
      schema: {
        summary: 'Rename a passkey',
        tags,
        description: 'Renames one of your passkeys.',
        params: personIdParams,
        body: passkeyRenameBody,
        response: { 200: passkey, 404: errorBody },
      },
    },
    async (request) => service.rename(ctx(request), request.params.id, request.body.name),
  );

  app.delete(
    '/api/v1/account/passkeys/:id',
    {
      schema: {
        summary: 'Remove a passkey',
        tags,
        description: 'Removes one of your passkeys; 409 when it is your only second factor (remove the second factor with a code instead).',
        params: personIdParams,
        response: { 200: z.object({ message: z.string() }), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      await service.remove(ctx(request), request.params.id);
      return { message: 'The passkey was removed.' };
    },
  );
};
