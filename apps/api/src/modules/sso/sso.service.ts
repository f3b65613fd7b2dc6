import { type LoginResponse, PEOPLE_FLAG_LABELS, type SecondFactorChallenge, type SsoTestResult, STATUS } from '@vault/contract';
import type { Db } from '../../db/client.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { forbidden } from '../../lib/errors.js';
import type { RequestContext } from '../../plugins/types.js';
import { openSession } from '../auth/auth.service.js';
import { findPortalUserById } from '../mfa/mfa.repo.js';
import { secondFactorChallenge } from '../mfa/sign-in.js';
import { SsoRefused } from './complete.js';
import { ssoStarter } from './protocols.js';
import * as repo from './sso.repo.js';

/** How long a sign-in may stay at the identity provider, and a "Test sign-in" ticket unused. */
export const LOGIN_MINUTES = 10;
const TICKET_SECONDS = 120;

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * GET /api/v1/sso/start: the portal that claims the e-mail's domain (or the test ticket's portal), and
 * the address of its provider's sign-in page, the sign-in bound to the browser's cookie.
 */
export async function start(
  db: Db,
  input: { email?: string; test?: string; browserHash: string; publicUrl: string; key: Buffer; allowPrivateNetwork: boolean },
): Promise<URL> {
  let sponsorId: number;
  let testByUserId: number | null = null;
  if (input.test) {
    const ticket = await repo.claimTestTicket(db, sha256(input.test));
    if (!ticket) throw new SsoRefused('expired', 'test_ticket');
    sponsorId = ticket.sponsorId;
    testByUserId = ticket.testByUserId;
  } else {
    const email = input.email?.trim().toLowerCase() ?? '';
    const owner = email.includes('@') ? await repo.domainOwner(db, domainOf(email)) : null;
    if (!owner) throw new SsoRefused('unknown_domain', 'unknown_domain');
    sponsorId = owner.sponsorId;
  }
  const [settings, sponsor] = await Promise.all([repo.findSettings(db, sponsorId), repo.sponsorRef(db, sponsorId)]);
  const starter = settings && ssoStarter(settings.protocol);
  if (!settings || !sponsor || !starter) throw new SsoRefused('not_configured', 'not_configured');
  return starter({
    db,
    settings,
    sponsor,
    browserHash: input.browserHash,
    publicUrl: input.publicUrl,
    testByUserId,
    key: input.key,
    allowPrivateNetwork: input.allowPrivateNetwork,
    ...(input.email && !input.test ? { loginHint: input.email.trim() } : {}),
  });
}

/** POST /api/v1/sponsors/{sponsorCode}/sso/test: a one-time ticket for GET /sso/start?test=… in a new tab. */
export async function testTicket(ctx: RequestContext): Promise<{ url: string }> {
  if (ctx.user.role !== 'staff' && !ctx.user.permissions.hasManageSignInAccess)
    throw forbidden(
      `Your administrator account does not have the "${PEOPLE_FLAG_LABELS.hasManageSignInAccess}" permission (hasManageSignInAccess).`,
    );
  const ticket = randomToken();
  await repo.insertLogin(ctx.db, {
    stateHash: sha256(ticket),
    browserHash: '',
    sponsorId: ctx.sponsor.id,
    protocol: 'oidc',
    testByUserId: ctx.user.id,
    expiresAt: new Date(Date.now() + TICKET_SECONDS * 1000),
  });
  return { url: `/api/v1/sso/start?test=${ticket}` };
}

/**
 * POST /api/v1/sso/finish: the portal page collects the checked sign-in by the hand-over cookie, once.
 * A session as a password sign-in opens it (or the second-factor step, when the provider asserted
 * none and the person has one); a test answers the provider's claims.
 */
export async function finish(
  db: Db,
  handoffToken: string | undefined,
  input: { ip: string; userAgent?: string; browserHash: string | null },
): Promise<(LoginResponse & { tokenHash: string }) | SecondFactorChallenge | SsoTestResult> {
  const handoff = handoffToken && handoffToken.length <= 200 ? await repo.claimHandoff(db, sha256(handoffToken), input.browserHash) : null;
  if (!handoff) throw new SsoRefused('expired', 'handoff');
  if (handoff.testResult) return handoff.testResult as SsoTestResult;
  const found = handoff.userId ? await findPortalUserById(db, handoff.userId) : null;
  // Deactivated in the seconds since the provider answered: no session.
  if (!found || found.user.statusId !== STATUS.active || found.user.role !== 'sponsor_admin')
    throw new SsoRefused('not_allowed', 'not_active');
  if (!handoff.secondFactorAsserted) {
    const challenge = await secondFactorChallenge(db, found.user);
    if (challenge) return challenge;
  }
  return openSession(db, found, input, {
    via: handoff.protocol,
    ...(handoff.secondFactorAsserted ? { secondFactor: 'identity_provider' as const } : {}),
  });
}
