import {
  emptyBody,
  errorBody,
  sponsorCodeParam,
  ssoCallbackQuery,
  ssoFinishResult,
  ssoSettings,
  ssoSettingsBody,
  ssoStartQuery,
  ssoTestTicket,
} from '@vault/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { answerSession } from '../../plugins/auth.js';
import { PUBLIC_BODY_LIMIT } from '../../plugins/json-body.js';
import { HANDOFF_SECONDS, SsoRefused } from './complete.js';
import { oidcCallback } from './oidc-sign-in.js';
import * as service from './sso.service.js';
import * as settings from './sso-settings.service.js';

const tags = ['single sign-on'];
/** Cookies of the sign-in through the provider; only the SSO calls receive them. */
const COOKIE_PATH = '/api/v1/sso';
const BROWSER_COOKIE = 'sso_browser';
const HANDOFF_COOKIE = 'sso_handoff';

/**
 * Lax, not Strict: the provider sends the browser back with a top-level navigation from its own site.
 * httpOnly: the page never reads them; the server compares their hashes.
 */
const cookieOptions = (request: FastifyRequest, maxAge: number) => ({
  path: COOKIE_PATH,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.protocol === 'https',
  maxAge,
});

/** The browser's own random value (made at the first start), whose hash binds its sign-ins to it. */
function browserHash(request: FastifyRequest, reply: FastifyReply): string {
  let value = request.cookies[BROWSER_COOKIE];
  if (!value || value.length < 40 || value.length > 100) {
    value = randomToken();
    reply.setCookie(BROWSER_COOKIE, value, cookieOptions(request, service.LOGIN_MINUTES * 60));
  }
  return sha256(value);
}

/**
 * A checked sign-in goes to the portal page with its one-time hand-over in an httpOnly cookie (never
 * in the address); the page collects it with POST /api/v1/sso/finish. The SAML module answers the same way.
 */
export function handOverToPortal(request: FastifyRequest, reply: FastifyReply, handoffToken: string) {
  reply.setCookie(HANDOFF_COOKIE, handoffToken, cookieOptions(request, HANDOFF_SECONDS));
  return reply.redirect('/sso/complete', 302);
}

/** A refusal goes to the login page (or the test page) with the code of a fixed message: nothing typed is reflected. */
export function refuseToPortal(reply: FastifyReply, err: SsoRefused) {
  return reply.redirect(`${err.test ? '/sso/complete' : '/login'}?sso_error=${err.code}`, 302);
}

const redirects = { 302: errorBody.describe('To the identity provider, or back to the portal') };

export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const oidc = { key: app.mfaKey, allowPrivateNetwork: app.config.ssoAllowPrivateNetwork };
  const manage = { sponsor: 'required' as const, permission: 'hasManageSignInAccess' as const };

  app.get(
    '/api/v1/sponsors/:sponsorCode/sso',
    {
      config: manage,
      schema: {
        tags,
        summary: "The portal's single sign-on settings",
        description:
          'Staff, or an administrator of the portal with hasManageSignInAccess. The client secret is never answered: `clientSecretSet` says whether one is stored.',
        params: sponsorCodeParam,
        response: { 200: ssoSettings },
      },
    },
    async (request) => settings.getSettings(request.ctx),
  );

  app.put(
    '/api/v1/sponsors/:sponsorCode/sso',
    {
      config: manage,
      bodyLimit: 512 * 1024,
      schema: {
        tags,
        summary: "Save the portal's single sign-on settings",
        description:
          'A client secret left out keeps the stored one (for the same issuer and client id). Only staff may add or remove domains; a domain another portal claims answers 409.',
        params: sponsorCodeParam,
        body: ssoSettingsBody,
        response: { 200: ssoSettings, 400: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request) => settings.putSettings(request.ctx, request.body, oidc),
  );

  app.post(
    '/api/v1/sponsors/:sponsorCode/sso/test',
    {
      config: manage,
      schema: {
        tags,
        summary: 'A "Test sign-in" address',
        description:
          'A one-time address (two minutes) that runs the sign-in in a new tab and shows the claims the provider sent, signing nobody in.',
        params: sponsorCodeParam,
        body: emptyBody.optional(),
        response: { 200: ssoTestTicket },
      },
    },
    async (request) => service.testTicket(request.ctx),
  );

  app.get(
    '/api/v1/sso/start',
    {
      config: { auth: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Start signing in with SSO',
        description: "The e-mail's domain picks the portal; answers 302 to its identity provider, or to /login?sso_error=… .",
        security: [],
        querystring: ssoStartQuery,
        response: redirects,
      },
    },
    async (request, reply) => {
      try {
        const url = await service.start(app.db, {
          ...request.query,
          browserHash: browserHash(request, reply),
          publicUrl: app.config.publicUrl,
          ...oidc,
        });
        return reply.redirect(url.href, 302);
      } catch (err) {
        if (err instanceof SsoRefused) {
          err.test = !!request.query.test;
          return refuseToPortal(reply, err);
        }
        throw err;
      }
    },
  );

  app.get(
    '/api/v1/sso/oidc/callback',
    {
      config: { auth: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "The OpenID Connect provider's answer (redirect URI)",
        security: [],
        querystring: ssoCallbackQuery,
        response: redirects,
      },
    },
    async (request, reply) => {
      try {
        const callbackUrl = new URL(request.url, app.config.publicUrl);
        const { handoffToken } = await oidcCallback(app.db, {
          callbackUrl,
          state: request.query.state,
          error: request.query.error,
          browserHash: browserHash(request, reply),
          ip: request.ip,
          publicUrl: app.config.publicUrl,
          ...oidc,
        });
        return handOverToPortal(request, reply, handoffToken);
      } catch (err) {
        if (err instanceof SsoRefused) return refuseToPortal(reply, err);
        throw err;
      }
    },
  );

  app.post(
    '/api/v1/sso/finish',
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      config: { auth: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Collect the SSO sign-in',
        description:
          "Reads the hand-over cookie the provider's answer left (once, two minutes): the session as a password sign-in gives it, the second-factor step, or a test's claims.",
        security: [],
        body: emptyBody.optional(),
        response: { 200: ssoFinishResult, 400: errorBody },
      },
    },
    async (request, reply) => {
      reply.clearCookie(HANDOFF_COOKIE, { path: COOKIE_PATH });
      try {
        const browser = request.cookies[BROWSER_COOKIE];
        const result = await service.finish(app.db, request.cookies[HANDOFF_COOKIE], {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          browserHash: browser && browser.length <= 100 ? sha256(browser) : null,
        });
        if (!('tokenHash' in result)) return result;
        return answerSession(request, reply, result);
      } catch (err) {
        if (err instanceof SsoRefused) return reply.status(400).send({ message: err.message });
        throw err;
      }
    },
  );
};
