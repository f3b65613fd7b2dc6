import { invitationRedemptions, invitations } from '../../schema/index.js';
import { FIRST_NAMES } from '../random.js';
import type { DemoPackages } from './packages.js';
import type { DemoAdmins, DemoAdvisors } from './people.js';
import type { DemoPortals } from './portals.js';
import { DAY, daysAgo, insertMany, makePeople, type SeedCtx } from './shared.js';

export type DemoInvitations = Awaited<ReturnType<typeof seedInvitations>>;

/** Invitations: at most one default open code per sponsor; strict ones use the fixed code. */
export async function seedInvitations(
  { tx, rnd, now }: SeedCtx,
  {
    S,
    baseRows,
    packagesBySponsor,
    mainAdminBySponsor,
    advisorsBySponsor,
  }: Pick<DemoPortals, 'S'> & DemoPackages & Pick<DemoAdmins, 'mainAdminBySponsor'> & Pick<DemoAdvisors, 'advisorsBySponsor'>,
) {
  const baseIds = baseRows.map((b) => b.id);
  const invRows: (typeof invitations.$inferInsert)[] = [];
  const redemptions: { invIndex: number; email: string; redeemedAt: Date }[] = [];
  S.forEach((s, si) => {
    const pkgs = packagesBySponsor.get(s.id) ?? baseIds;
    const creator = mainAdminBySponsor.get(s.id)!.id;
    const opens = [
      { code: `${s.sponsorCode}-WELCOME`, max: 500, def: si !== 3, expire: new Date(now + 365 * DAY) },
      { code: `${s.sponsorCode}-SEMINAR${rnd.int(10, 99)}`, max: 50, def: false, expire: daysAgo(now, rnd, 40, 5) }, // expired
      { code: `${s.sponsorCode}-VIP`, max: 10, def: false, expire: new Date(now + 90 * DAY) },
    ];
    for (const o of opens) {
      const uses = o.code.endsWith('VIP') ? o.max : rnd.int(0, Math.min(o.max, 40));
      invRows.push({
        sponsorId: s.id,
        type: 'open',
        inviteCode: o.code,
        max: o.max,
        uses,
        packageId: rnd.pick(pkgs),
        expireTime: o.expire,
        defaultInviteCode: o.def,
        localize: 'en',
        createdByUserId: creator,
        createdAt: daysAgo(now, rnd, 200, 45),
      });
      for (let u = 0; u < Math.min(uses, 5); u++)
        redemptions.push({
          invIndex: invRows.length - 1,
          email: `${rnd.pick(FIRST_NAMES).toLowerCase()}${rnd.int(1, 999)}@example.com`.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
          redeemedAt: daysAgo(now, rnd, 40),
        });
    }
    for (const p of makePeople(rnd, rnd.int(4, 9), new Set())) {
      const used = rnd.chance(0.35);
      const sent = daysAgo(now, rnd, 50);
      invRows.push({
        sponsorId: s.id,
        type: 'strict',
        inviteCode: 'testInvitation',
        max: 1,
        uses: used ? 1 : 0,
        email: p.email,
        firstName: p.first,
        lastName: p.last,
        packageId: rnd.pick(pkgs),
        expireTime: rnd.chance(0.2) ? daysAgo(now, rnd, 10, 1) : new Date(sent.getTime() + 30 * DAY),
        defaultInviteCode: false,
        localize: rnd.chance(0.1) ? 'es' : 'en',
        testAccount: rnd.chance(0.1),
        isTrustedAdvisor: rnd.chance(0.15),
        sponsoredTrustedAdvisorId: rnd.chance(0.3) ? rnd.sample(advisorsBySponsor.get(s.id) ?? [], 1) : [],
        createdByUserId: creator,
        lastSentAt: sent,
        createdAt: sent,
      });
      // Used a few days after it was sent, never later than now.
      if (used)
        redemptions.push({
          invIndex: invRows.length - 1,
          email: p.email,
          redeemedAt: new Date(Math.min(sent.getTime() + rnd.int(1, 6) * DAY, now - 60_000)),
        });
    }
  });
  const invIds = ((await insertMany(tx, invitations, invRows, { id: invitations.id })) as { id: number }[]).map((r) => r.id);
  const redemptionRows = redemptions.map((r) => ({ invitationId: invIds[r.invIndex]!, email: r.email, redeemedAt: r.redeemedAt }));
  await insertMany(tx, invitationRedemptions, redemptionRows);
  return { invRows, invIds, redemptionRows };
}
