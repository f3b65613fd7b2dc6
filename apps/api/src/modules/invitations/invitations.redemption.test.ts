import { STRICT_INVITE_CODE } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitationRedemptions, invitations } from '../../db/schema/index.js';
import { openBody, strictBody, useInvitationApp, integrationKey as withKey } from './invitations.fixtures.js';

const { t, world, createOk, audits } = useInvitationApp();

describe('redemption', () => {
  const KEY = 'test-integration-key-0123456789abcdef';
  const OTHER_KEY = 'other-integration-key-0123456789abcdef';

  const integrationKey = (sponsorId: number, key: string, scopes?: string[], code?: string) => withKey(t, sponsorId, key, scopes, code);
  const redeem = (code: string, email: string, key = KEY) =>
    t.app.inject({ method: 'POST', url: '/api/v1/invitations/redeem', headers: { 'x-api-key': key }, payload: { code, email } });

  it('redeems an open code: counts the use, records it, answers sponsor and package, audits it', async () => {
    const w = await world();
    await integrationKey(w.a.id, KEY);
    const inv = await createOk(w.adminA, w.a.id, 'open', openBody(w, { max: 2 }));
    const res = await redeem('welcome2026', 'New.Person@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      invitationId: inv.id,
      type: 'open',
      email: 'New.Person@example.com',
      usesLeft: 1,
      sponsor: { id: w.a.id, sponsorCode: 'ALPHA', name: 'ALPHA Wealth' },
      package: { id: w.pkgA, name: 'Basic' },
    });
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, inv.id));
    expect(row!.uses).toBe(1);
    expect(await t.db.select().from(invitationRedemptions)).toHaveLength(1);
    const [entry] = await audits('invitation.redeem');
    expect(entry).toMatchObject({ actorEmail: 'integration:signup-1', sponsorId: w.a.id });
    // The same person twice: refused.
    expect((await redeem('WELCOME2026', 'new.person@example.com')).statusCode).toBe(409);
    expect((await redeem('WELCOME2026', 'second@example.com')).statusCode).toBe(200);
    const full = await redeem('WELCOME2026', 'third@example.com');
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('This invite code has no uses left.');
  });

  it('redeems a strict invitation once, for its e-mail only', async () => {
    const w = await world();
    await integrationKey(w.a.id, KEY);
    await createOk(w.adminA, w.a.id, 'strict', strictBody(w));
    expect((await redeem(STRICT_INVITE_CODE, 'someone.else@example.com')).statusCode).toBe(404);
    const ok = await redeem(STRICT_INVITE_CODE, 'Jane.Doe@example.com');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ type: 'strict', email: 'jane.doe@example.com', firstName: 'Jane', usesLeft: 0 });
    const again = await redeem(STRICT_INVITE_CODE, 'jane.doe@example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This invitation has already been used.');
  });

  it('refuses an expired code, an unknown code, another sponsor’s code, a bad key or a key without the scope', async () => {
    const w = await world();
    await integrationKey(w.a.id, KEY);
    await integrationKey(w.b.id, OTHER_KEY, ['read_vaults']);
    const inv = await createOk(w.adminA, w.a.id, 'open', openBody(w));
    await createOk(w.adminB, w.b.id, 'open', openBody(w, { inviteCode: 'BETACODE', packageId: w.pkgB }));
    expect((await redeem('BETACODE', 'x@example.com')).statusCode).toBe(404);
    expect((await redeem('NOPE', 'x@example.com')).statusCode).toBe(404);
    expect((await redeem('BETACODE', 'x@example.com', OTHER_KEY)).statusCode).toBe(403);
    expect((await redeem('WELCOME2026', 'x@example.com', 'wrong-key-0123456789abcdefgh')).statusCode).toBe(401);
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invitations/redeem',
      payload: { code: 'WELCOME2026', email: 'x@example.com' },
    });
    expect(noKey.statusCode).toBe(401);
    expect((await redeem('WELCOME2026', 'not-an-email')).statusCode).toBe(400);
    await t.db
      .update(invitations)
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, inv.id));
    const expired = await redeem('WELCOME2026', 'x@example.com');
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe('This invitation has expired.');
    expect((await t.db.select().from(invitations)).every((r) => r.uses === 0)).toBe(true);
    expect(await t.db.select().from(invitationRedemptions)).toHaveLength(0);
  });

  it('two redemptions racing for the last use: exactly one wins', async () => {
    const w = await world();
    await integrationKey(w.a.id, KEY);
    const inv = await createOk(w.adminA, w.a.id, 'open', openBody(w, { max: 2 }));
    expect((await redeem('WELCOME2026', 'first@example.com')).statusCode).toBe(200);
    for (let round = 0; round < 5; round++) {
      await t.db.update(invitations).set({ uses: 1 }).where(eq(invitations.id, inv.id));
      await t.db.delete(invitationRedemptions);
      const results = await Promise.all([redeem('WELCOME2026', `a${round}@example.com`), redeem('WELCOME2026', `b${round}@example.com`)]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const [row] = await t.db.select().from(invitations).where(eq(invitations.id, inv.id));
      expect(row!.uses).toBe(2);
      expect(await t.db.select().from(invitationRedemptions)).toHaveLength(1);
    }
  });

  it('the same person redeeming an open code twice at once: one use is counted', async () => {
    const w = await world();
    await integrationKey(w.a.id, KEY);
    const inv = await createOk(w.adminA, w.a.id, 'open', openBody(w, { max: 10 }));
    const results = await Promise.all([redeem('WELCOME2026', 'twice@example.com'), redeem('welcome2026', 'Twice@example.com')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, inv.id));
    expect(row!.uses).toBe(1);
  });
});
