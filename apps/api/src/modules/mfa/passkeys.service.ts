import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { Passkey, PasskeyRegistered, passkeyRegistrationResponse } from '@vault/contract';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { auditFactor } from './factor-audit.js';
import { requireFreshProof } from './identity-confirmation.js';
import * as repo from './mfa.repo.js';
import { type Ctx, currentUser, issueRecoveryCodes } from './mfa.service.js';
import * as passkeys from './passkeys.repo.js';
import { challengeOf, optionsAnswer, PASSKEY_CHALLENGE_MS, type RelyingParty, toBase64url, userHandleOf } from './webauthn.js';

export interface PasskeyCtx extends Ctx {
  rp: RelyingParty;
}

const REGISTRATION_FAILED = 'The passkey could not be registered. Start again and follow your browser.';
const NOT_FOUND = 'The passkey';

const view = (p: passkeys.PasskeyRow): Passkey => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});

export async function list(ctx: Ctx): Promise<{ passkeys: Passkey[] }> {
  return { passkeys: (await passkeys.listPasskeys(ctx.db, ctx.user.id)).map(view) };
}

/**
 * Options for navigator.credentials.create(): a discoverable credential (so it can sign in on its
 * own), none of the person's existing ones again. The challenge is kept server-side, single-use.
 */
export async function registrationOptions(ctx: PasskeyCtx) {
  await requireFreshProof(ctx.db, ctx.user.sessionId);
  const u = await currentUser(ctx.db, ctx.user.id);
  const existing = await passkeys.listPasskeys(ctx.db, u.id);
  const options = await generateRegistrationOptions({
    rpName: ctx.rp.name,
    rpID: ctx.rp.id,
    userName: u.email,
    userID: userHandleOf(u.id),
    userDisplayName: `${u.firstName} ${u.lastName}`.trim(),
    attestationType: 'none',
    timeout: PASSKEY_CHALLENGE_MS,
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await passkeys.insertWebauthnChallenge(ctx.db, {
    challenge: options.challenge,
    purpose: 'register',
    userId: u.id,
  });
  return optionsAnswer(options);
}

/** Verifies the browser's new credential against the challenge issued to this person, and keeps it. */
export async function register(
  ctx: PasskeyCtx,
  name: string,
  response: z.infer<typeof passkeyRegistrationResponse>,
): Promise<PasskeyRegistered> {
  await requireFreshProof(ctx.db, ctx.user.sessionId);
  const u = await currentUser(ctx.db, ctx.user.id);
  const challenge = challengeOf(response.response.clientDataJSON);
  const claimed = challenge ? await passkeys.claimWebauthnChallenge(ctx.db, challenge, 'register') : null;
  if (!challenge || !claimed || claimed.userId !== u.id) throw badRequest(REGISTRATION_FAILED);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: ctx.rp.origin,
      expectedRPID: ctx.rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw badRequest(REGISTRATION_FAILED);
  }
  if (!verified.verified) throw badRequest(REGISTRATION_FAILED);
  const { credential } = verified.registrationInfo;
  if (await passkeys.credentialTaken(ctx.db, credential.id)) throw conflict('This passkey is already registered.');
  return ctx.db.transaction(async (tx) => {
    const row = await passkeys.insertPasskey(tx, {
      userId: u.id,
      credentialId: credential.id,
      publicKey: toBase64url(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    });
    // A first factor brings recovery codes, as the authenticator app does.
    let recoveryCodes: string[] | null = null;
    if (!u.mfaEnabled) {
      await passkeys.markHasFactor(tx, u.id);
      recoveryCodes = await issueRecoveryCodes(tx, ctx.key, u.id);
      await repo.freeUserSessions(tx, u.id);
    }
    await auditFactor(tx, ctx.actor, u, 'mfa.passkey_registered', { passkeyId: row.id, name, firstFactor: recoveryCodes !== null });
    return { passkey: view(row), recoveryCodes };
  });
}

export async function rename(ctx: Ctx, id: number, name: string): Promise<Passkey> {
  return ctx.db.transaction(async (tx) => {
    const row = await passkeys.renamePasskey(tx, ctx.user.id, id, name);
    if (!row) throw notFound(NOT_FOUND);
    await auditFactor(tx, ctx.actor, ctx.user, 'mfa.passkey_renamed', { passkeyId: id, name });
    return view(row);
  });
}

/**
 * Removes one passkey. The last second factor is not removed here: that takes a code, through
 * "Remove second factor", so a session alone cannot take the factor away.
 */
export async function remove(ctx: Ctx, id: number): Promise<void> {
  const u = await currentUser(ctx.db, ctx.user.id);
  const row = await passkeys.findOwnPasskey(ctx.db, u.id, id);
  if (!row) throw notFound(NOT_FOUND);
  if (u.mfaEnrolledAt === null && (await passkeys.countPasskeys(ctx.db, u.id)) === 1) {
    throw conflict('This passkey is your only second factor. Use "Remove second factor" with a recovery code instead.');
  }
  await ctx.db.transaction(async (tx) => {
    await passkeys.deletePasskey(tx, u.id, id);
    await auditFactor(tx, ctx.actor, u, 'mfa.passkey_removed', { passkeyId: id, name: row.name });
  });
}
