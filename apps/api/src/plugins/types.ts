import type { AdminFlag } from '@vault/contract';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';

export interface AuthUser {
  id: number;
  sessionId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: 'staff' | 'sponsor_admin';
  sponsorId: number | null;
  permissions: Partial<Record<AdminFlag, boolean>>;
  /** The session reaches only second-factor enrollment (plugins/mfa-policy.ts). */
  mfaEnrollmentRequired: boolean;
}

export interface IntegrationCaller {
  sponsorIntegrationId: number;
  sponsorId: number;
  integrationCode: string;
}

export interface SponsorRef {
  id: number;
  sponsorCode: string;
}

/** Who did it, as the audit log records it. */
export interface Actor {
  userId: number | null;
  email: string | null;
  sponsorId: number | null;
  ip: string | null;
}

/**
 * What a service needs to know about the call, built once per request after the sign-in and
 * sponsor checks (plugins/request-context.ts). `user` and `sponsor` are set on the routes that
 * require them (a session; `sponsor: 'required'`); a service for a route where the sponsor is
 * optional takes `OptionalSponsorContext`.
 */
export interface RequestContext {
  db: Db;
  actor: Actor;
  user: AuthUser;
  sponsor: SponsorRef;
  /** Base of the links e-mails carry. */
  publicUrl: string;
}

export type OptionalSponsorContext = Omit<RequestContext, 'sponsor'> & { sponsor: SponsorRef | null };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    integration: IntegrationCaller | null;
    /** The sponsor named by the call (query, params or body), already checked against the user. */
    sponsor: SponsorRef | null;
    /**
     * The sponsor id the address names and that sponsor as the session's statement read it (found
     * null: there is none), for tenant's check of this request; null when it was not read.
     */
    addressedSponsor: { id: number; found: SponsorRef | null } | null;
    /** Staff asked a list for every portal (`allPortals=true` on a route that allows it). */
    allPortals: boolean;
    actor: Actor;
    ctx: RequestContext;
  }
  interface FastifyContextConfig {
    /**
     * 'session' (default): a signed-in user; 'integration': an X-Api-Key; 'scim': the same integration
     * key as a bearer token (/scim/v2); 'public': nobody.
     */
    auth?: 'public' | 'session' | 'integration' | 'scim';
    staffOnly?: boolean;
    /** A sponsor administrator needs this flag; staff always pass. */
    permission?: AdminFlag;
    /** 'required': the call must name a sponsor (400 otherwise). */
    sponsor?: 'required' | 'optional';
    /**
     * Staff may ask this list for every portal with `allPortals=true` (decision 0052): the call then
     * names no sponsor, even where one is required, and the service reads every portal.
     */
    allPortals?: boolean;
    /** For integration calls: the scope the sponsor authorization must grant. */
    scope?: string;
    /** The built portal's history fallback: it answers an API path with 404, never as a call. */
    portalFallback?: boolean;
    /**
     * A read that writes nothing, whatever it is asked: a session kept by this instance serves it at
     * once and is confirmed before the answer leaves, by the read's own statements when they can
     * (decision 0054). A route that writes anything (an audit entry, a mark) must not declare it.
     */
    readOnly?: boolean;
  }
}
