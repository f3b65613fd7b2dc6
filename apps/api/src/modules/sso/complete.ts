import {
  personNameSchema,
  presetFlags,
  type RolePresetId,
  SSO_ERRORS,
  type SsoErrorCode,
  type SsoProtocol,
  type SsoTestResult,
  STATUS,
} from '@vault/contract';
import type { Db } from '../../db/client.js';
import type { users } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { writeAudit } from '../../plugins/audit.js';
import type { Actor } from '../../plugins/types.js';
import { addAdmin } from '../sponsor-admins/sponsor-admins.service.js';
import * as repo from './sso.repo.js';

/** What an identity provider said about the person, once its answer was checked (OIDC or SAML). */
export interface SsoAssertion {
  sponsorId: number;
  protocol: SsoProtocol;
  /** The provider's own id of the person (OIDC `sub`, SAML NameID). */
  subject: string;
  email: string | null;
  groups: string[];
  /** The provider asserted a second factor (OIDC `amr`, or the SAML context the portal names). */
  secondFactorAsserted: boolean;
  givenName?: string | null;
  familyName?: string | null;
  /** OIDC `email_verified`; false refuses the address. */
  emailVerified?: boolean | null;
}

export interface SsoCall {
  db: Db;
  ip: string;
  publicUrl: string;
  /**
   * The starting browser's cookie hash, when the provider's answer arrived without the cookie (SAML
   * posts it cross-site): the hand-over then opens a session only in that browser.
   */
  browserHash?: string | null;
  /** "Test sign-in": show what the provider sent and what would happen, sign nobody in. */
  test?: { byUserId: number; claims: Record<string, unknown> } | null;
}

/** An SSO sign-in that does not happen: `code` picks the login page's message (SSO_ERRORS). */
export class SsoRefused extends Error {
  /** Its audit entry is written. */
  audited = false;
  /** A "Test sign-in": the answer goes to the test page, not the login page. */
  test = false;
  constructor(
    readonly code: SsoErrorCode,
    readonly reason: string,
  ) {
    super(SSO_ERRORS[code]);
  }
}

/** The audit entry of a sign-in refused before its provider's answer named anybody (bad token, provider error). */
export async function auditRefusal(db: Db, r: { sponsorId: number; protocol: SsoProtocol; reason: string; ip: string; subject?: string }) {
  await writeAudit(
    db,
    { userId: null, email: `sso:${r.protocol}`, sponsorId: r.sponsorId, ip: r.ip },
    {
      action: 'sso.login_refused',
      outcome: 'failure',
      sponsorId: r.sponsorId,
      targetType: 'sponsor',
      targetId: r.sponsorId,
      logJson: { protocol: r.protocol, reason: r.reason, ...(r.subject ? { subject: r.subject } : {}) },
    },
  );
}

/** How long the portal page has to collect a checked sign-in. */
export const HANDOFF_SECONDS = 120;

type User = typeof users.$inferSelect;
type Decision =
  | { kind: 'existing'; user: User; activate: boolean }
  | { kind: 'jit'; email: string; preset: RolePresetId }
  | { kind: 'refused'; code: SsoErrorCode; reason: string };

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Who the assertion signs in, by the portal's rules: the administrator of THAT portal with that
 * e-mail (one address is one account, decision 0033); an address of a domain another portal claims,
 * another role, another portal's administrator, or a deactivated account is refused; an unknown
 * address of a domain this portal claims becomes an administrator only with just-in-time on.
 */
async function decide(db: Db, a: SsoAssertion): Promise<Decision> {
  const refused = (code: SsoErrorCode, reason: string): Decision => ({ kind: 'refused', code, reason });
  const email = a.email?.trim().toLowerCase() ?? '';
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) return refused('not_allowed', 'no_email');
  if (a.emailVerified === false) return refused('not_allowed', 'email_not_verified');
  const owner = await repo.domainOwner(db, domainOf(email));
  if (owner && owner.sponsorId !== a.sponsorId) return refused('wrong_portal', 'domain_of_another_portal');
  const user = await repo.accountByEmail(db, email);
  if (user) {
    if (user.role !== 'sponsor_admin') return refused('not_allowed', 'not_an_administrator');
    if (user.sponsorId !== a.sponsorId) return refused('not_allowed', 'administrator_of_another_portal');
    if (user.statusId === STATUS.pending) return { kind: 'existing', user, activate: true };
    if (user.statusId !== STATUS.active) return refused('not_allowed', 'not_active');
    return { kind: 'existing', user, activate: false };
  }
  const settings = await repo.findSettings(db, a.sponsorId);
  if (!settings?.jit || !owner) return refused('not_allowed', 'unknown_email');
  const mapped = (settings.groupRoleMap ?? []).find((m) => a.groups.includes(m.group));
  return { kind: 'jit', email, preset: (mapped?.preset ?? settings.jitRolePreset ?? 'read_only') as RolePresetId };
}

const OUTCOME: Record<Exclude<Decision['kind'], 'refused'>, string> = {
  existing: 'would sign in as this portal’s administrator',
  jit: 'would create this administrator (just-in-time) and sign them in',
};

/** A name the portal accepts, from the provider's claims or else the address. */
function nameOr(value: string | null | undefined, fallback: string, label: string) {
  const parsed = personNameSchema(label).safeParse(value ?? '');
  return parsed.success ? parsed.data : fallback;
}

const actorFor = (a: SsoAssertion, ip: string, userId: number | null): Actor => ({
  userId,
  email: a.email?.toLowerCase() ?? `sso:${a.protocol}`,
  sponsorId: a.sponsorId,
  ip,
});

/**
 * Finishes an SSO sign-in whose provider answer the protocol module has checked (OIDC here, SAML in
 * ./saml): decides who signs in, audits it with the provider's subject (success or refusal with the
 * reason), and leaves a one-time hand-over for the portal page, which collects the session (or the
 * second-factor step) with POST /api/v1/sso/finish. Throws SsoRefused for a refusal; answers the
 * hand-over token, which the route sets as the httpOnly cookie of handOverToPortal.
 */
export async function completeSsoSignIn(call: SsoCall, a: SsoAssertion): Promise<{ handoffToken: string }> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + HANDOFF_SECONDS * 1000);
  const decision = await decide(call.db, a);
  const log = { protocol: a.protocol, subject: a.subject, email: a.email, groups: a.groups, secondFactorAsserted: a.secondFactorAsserted };

  if (call.test) {
    const testResult: SsoTestResult = {
      test: true,
      protocol: a.protocol,
      subject: a.subject,
      email: a.email,
      groups: a.groups,
      secondFactorAsserted: a.secondFactorAsserted,
      claims: call.test.claims,
      outcome:
        decision.kind === 'refused'
          ? { allowed: false, message: `Refused (${decision.reason.replaceAll('_', ' ')}): ${SSO_ERRORS[decision.code]}` }
          : { allowed: true, message: `A real sign-in ${OUTCOME[decision.kind]}.` },
    };
    await call.db.transaction(async (tx) => {
      await repo.insertHandoff(tx, {
        tokenHash: sha256(token),
        sponsorId: a.sponsorId,
        protocol: a.protocol,
        testResult,
        browserHash: call.browserHash ?? null,
        expiresAt,
      });
      await writeAudit(
        tx,
        { userId: call.test!.byUserId, email: null, sponsorId: a.sponsorId, ip: call.ip },
        {
          action: 'sso.test',
          sponsorId: a.sponsorId,
          targetType: 'sponsor',
          targetId: a.sponsorId,
          logJson: { ...log, allowed: testResult.outcome.allowed },
        },
      );
    });
    return { handoffToken: token };
  }

  if (decision.kind === 'refused') {
    await call.db.transaction(async (tx) => {
      const user = a.email ? await repo.accountByEmail(tx, a.email) : null;
      await writeAudit(tx, actorFor(a, call.ip, null), {
        action: 'sso.login_refused',
        outcome: 'failure',
        sponsorId: a.sponsorId,
        targetType: 'user',
        targetId: user?.id ?? null,
        logJson: { ...log, reason: decision.reason },
      });
    });
    const refused = new SsoRefused(decision.code, decision.reason);
    refused.audited = true;
    throw refused;
  }

  await call.db.transaction(async (tx) => {
    let userId: number;
    if (decision.kind === 'jit') {
      const local = decision.email.slice(0, decision.email.indexOf('@'));
      const created = await addAdmin(
        tx,
        { sponsorId: a.sponsorId, publicUrl: call.publicUrl },
        {
          email: decision.email,
          firstName: nameOr(a.givenName, nameOr(local, 'Administrator', 'First name'), 'First name'),
          lastName: nameOr(a.familyName, 'SSO', 'Last name'),
        },
        presetFlags(decision.preset),
        { signedInBySso: true },
      );
      userId = created.userId;
      await writeAudit(tx, actorFor(a, call.ip, userId), {
        action: 'sso.user_created',
        sponsorId: a.sponsorId,
        targetType: 'sponsor_admin',
        targetId: userId,
        logJson: { ...log, preset: decision.preset, flags: created.flags },
      });
    } else {
      userId = decision.user.id;
      if (decision.activate) await repo.activateWithoutPassword(tx, userId);
    }
    await writeAudit(tx, actorFor(a, call.ip, userId), {
      action: 'sso.login',
      sponsorId: a.sponsorId,
      targetType: 'user',
      targetId: userId,
      logJson: { ...log, ...(decision.kind === 'existing' && decision.activate ? { activated: true } : {}) },
    });
    await repo.insertHandoff(tx, {
      tokenHash: sha256(token),
      sponsorId: a.sponsorId,
      userId,
      protocol: a.protocol,
      secondFactorAsserted: a.secondFactorAsserted,
      browserHash: call.browserHash ?? null,
      expiresAt,
    });
  });
  return { handoffToken: token };
}
