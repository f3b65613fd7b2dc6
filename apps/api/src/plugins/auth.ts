import { SESSION_IDLE_MINUTES, STATUS } from '@vault/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { listenChannel } from '../db/listen.js';
import { hmac, randomToken, safeEqual, sha256 } from '../lib/crypto.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import * as repo from './auth.repo.js';
import { type Kept, SessionCache } from './session-cache.js';
import { sponsorIdInAddress } from './sponsor-names.js';
import type { AuthUser } from './types.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Writing last_seen_at on every call would turn each read into a write; a minute is precise enough.
const TOUCH_AFTER_MS = 60_000;
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** Every authenticated call runs this: a live session by its token's hash, with its user and admin rights. */

/** The XSRF token is an HMAC of the session (OWASP signed double-submit): another session's never passes. */
export const xsrfTokenFor = (key: string, tokenHash: string) => hmac(key, `xsrf:${tokenHash}`);

async function loadServerKey(app: FastifyInstance): Promise<string> {
  if (app.config.SESSION_SECRET) return app.config.SESSION_SECRET;
  return repo.xsrfKey(app.db, randomToken(48));
}

export function setXsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string | null) {
  const secure = request.protocol === 'https';
  if (token === null) {
    reply.clearCookie(XSRF_COOKIE, { path: '/', sameSite: 'strict', secure });
    return;
  }
  reply.setCookie(XSRF_COOKIE, token, { path: '/', sameSite: 'strict', secure, httpOnly: false });
}

/** A sign-in's answer (password, second factor, SSO): the session without its hash, and the XSRF cookie bound to it. */
export function answerSession<T extends { tokenHash: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  result: T,
): Omit<T, 'tokenHash'> {
  const { tokenHash, ...session } = result;
  setXsrfCookie(request, reply, xsrfTokenFor(request.server.xsrfKey, tokenHash));
  return session;
}

const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
};

type LiveSession = NonNullable<Awaited<ReturnType<typeof repo.liveSession>>>;

/**
 * The live session of this token. A read may take it from the cache once the listener is in step
 * (decisions 0049, 0053); a read that declares it changes nothing (`readOnly`) takes it at once
 * and is confirmed before its answer leaves (`confirmKept`, decision 0054). A change always asks
 * the database, so a session revoked a moment ago on another instance never writes.
 */
async function liveSession(
  app: FastifyInstance,
  request: FastifyRequest,
  tokenHash: string,
  addressedId: number | null,
  now: Date,
): Promise<LiveSession | undefined> {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MINUTES * 60_000);
  const key = addressedId === null ? tokenHash : `${tokenHash}|${addressedId}`;
  const fresh = (row: LiveSession | undefined) => row && row.session.expiresAt > now && row.session.lastSeenAt > idleSince;
  if (!MUTATING.has(request.method)) {
    if (request.routeOptions.config.readOnly) {
      const kept = app.sessionCache.keep(key, now.getTime());
      // A kept refusal is not taken on trust: the database says whether the user is still inactive.
      if (kept && fresh(kept.entry.row) && kept.entry.row.user.statusId === STATUS.active) {
        request.keptSession = { ...kept, tokenHash, addressedId, now };
        return kept.entry.row;
      }
    } else {
      const kept = await app.sessionCache.confirmed(key, now.getTime());
      if (fresh(kept)) return kept;
    }
  }
  const mark = app.sessionCache.mark();
  const row = await repo.liveSession(app.db, tokenHash, now, idleSince, addressedId);
  if (row) app.sessionCache.put(key, row.user.id, row, mark, now.getTime());
  return row;
}

/** What a session's checks read: a kept row that differs from the database's was checked against rights gone. */
const checkedRights = (row: LiveSession) => JSON.stringify([row.user, row.admin, row.addressed]);

/**
 * Before a `readOnly` read served from a kept session answers: every revocation committed before
 * the request arrived has been handled (its own statements show it, or a round trip) and none
 * forgot that session; otherwise the database decides, as for a session not kept.
 */
async function confirmKept(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const kept = request.keptSession;
  if (!kept) return;
  request.keptSession = null;
  // An error answer carries nothing the session reads, and it has been through the error handler:
  // a second error in the same answer would reach Fastify's default handler, which sends the
  // error's own message (a failed query's text and parameters).
  if (reply.statusCode >= 400) return;
  if (await app.sessionCache.stillKept(kept)) return;
  const idleSince = new Date(kept.now.getTime() - SESSION_IDLE_MINUTES * 60_000);
  const row = await repo.liveSession(app.db, kept.tokenHash, kept.now, idleSince, kept.addressedId);
  if (!row || row.user.statusId !== STATUS.active) throw unauthorized(SESSION_ENDED);
  if (checkedRights(row) !== checkedRights(kept.entry.row)) {
    throw forbidden('Your access changed while this page was loading. Reload the page.');
  }
}

async function sessionUser(app: FastifyInstance, request: FastifyRequest, serverKey: string): Promise<AuthUser> {
  const token = bearerOf(request) ?? '';
  if (!token || token.length > 200) throw unauthorized(SESSION_ENDED);
  const tokenHash = sha256(token);
  const now = new Date();
  const addressedId = sponsorIdInAddress(request);
  const row = await liveSession(app, request, tokenHash, addressedId, now);
  if (!row || row.user.statusId !== STATUS.active) throw unauthorized(SESSION_ENDED);
  if (addressedId !== null) request.addressedSponsor = { id: addressedId, found: row.addressed };
  if (MUTATING.has(request.method)) {
    const sent = request.headers[XSRF_HEADER];
    if (typeof sent !== 'string' || !safeEqual(sent, xsrfTokenFor(serverKey, tokenHash))) {
      throw forbidden('The anti-forgery token is missing or wrong. Reload the page and try again.');
    }
  }
  if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await repo.touchSession(app.db, row.session.id, now);
  }
  const { admin, user } = row;
  const permissions: AuthUser['permissions'] = {};
  if (admin) {
    for (const [k, v] of Object.entries(admin)) if (typeof v === 'boolean') permissions[k as keyof AuthUser['permissions']] = v;
  }
  return {
    id: user.id,
    sessionId: row.session.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role as AuthUser['role'],
    sponsorId: user.sponsorId,
    permissions,
    mfaEnrollmentRequired: row.session.mfaEnrollmentRequired,
  };
}

/**
 * An integration by its key, and the route's scope among its live authorizations (recording their
 * use). SCIM clients send the key as a bearer token (RFC 7644 section 2), the others as X-Api-Key:
 * one key, one hash, one expiry and revocation, whichever header carries it.
 */
async function integrationCaller(app: FastifyInstance, key: unknown, scope: string | undefined) {
  if (typeof key !== 'string' || key.length < 20 || key.length > 200) throw unauthorized('A valid API key is required.');
  const row = await repo.enabledIntegration(app.db, sha256(key));
  if (!row) throw unauthorized('A valid API key is required.');
  if (scope && !(await repo.useAuthorization(app.db, row.si.id, scope))) {
    throw forbidden(`This API key is not authorized for "${scope}".`);
  }
  return { sponsorIntegrationId: row.si.id, sponsorId: row.si.sponsorId, integrationCode: row.code };
}

/** Authentication for every /api/v1 and /scim/v2 route: session (with XSRF), integration key, or public. */
export default fp(
  async (app: FastifyInstance) => {
    const serverKey = await loadServerKey(app);
    app.decorate('xsrfKey', serverKey);
    const cache = new SessionCache<LiveSession>(app.config.SESSION_CACHE_MS);
    app.decorate('sessionCache', cache);
    if (app.config.SESSION_CACHE_MS > 0) {
      const listener = await listenChannel(app.database, 'auth_changed', {
        message: (payload) => cache.revoke(payload),
        state: (on) => cache.setListening(on),
      });
      cache.syncWith(listener);
      app.addHook('onClose', () => listener.close());
      app.addHook('onSend', async (request, reply) => confirmKept(app, request, reply));
      // A change made through this instance may revoke any session (a sign-out, a deactivation, a
      // right taken away): its answer leaves only once this instance has forgotten every session,
      // so the next request here is checked whenever the notification arrives.
      app.addHook('onSend', async (request) => {
        if (MUTATING.has(request.method)) cache.revoke('*');
      });
    }
    app.decorateRequest('user', null);
    app.decorateRequest('integration', null);
    app.decorateRequest('addressedSponsor', null);
    app.decorateRequest('keptSession', null);
    app.decorateRequest('actor', null as never);

    app.addHook('onRequest', async (request) => {
      request.actor = { userId: null, email: null, sponsorId: null, ip: request.ip };
      const scim = request.url.startsWith('/scim/v2/');
      if (!request.url.startsWith('/api/v1/') && !scim) return;
      const mode = request.routeOptions.config?.auth ?? 'session';
      if (mode === 'public' || !request.routeOptions.url) return;
      // A SCIM address never takes a portal session nor a key without the scim scope, whatever its route declares.
      if (mode === 'integration' || mode === 'scim' || scim) {
        const key = mode === 'integration' ? request.headers['x-api-key'] : bearerOf(request);
        request.integration = await integrationCaller(app, key, scim ? 'scim' : request.routeOptions.config.scope);
        request.actor = {
          userId: null,
          email: `integration:${request.integration.integrationCode}`,
          sponsorId: request.integration.sponsorId,
          ip: request.ip,
        };
        return;
      }
      const user = await sessionUser(app, request, serverKey);
      request.user = user;
      request.actor = { userId: user.id, email: user.email, sponsorId: user.sponsorId, ip: request.ip };
      const config = request.routeOptions.config;
      if (config.staffOnly && user.role !== 'staff') throw forbidden('Only the service staff may do this.');
      if (config.permission && user.role !== 'staff' && !user.permissions[config.permission]) {
        throw forbidden(`Your administrator account does not have the ${config.permission} permission.`);
      }
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);

declare module 'fastify' {
  interface FastifyRequest {
    /** A session served from the cache to a `readOnly` read, confirmed before the answer leaves. */
    keptSession: (Kept<LiveSession> & { tokenHash: string; addressedId: number | null; now: Date }) | null;
  }
  interface FastifyInstance {
    xsrfKey: string;
    sessionCache: SessionCache<LiveSession>;
  }
}
