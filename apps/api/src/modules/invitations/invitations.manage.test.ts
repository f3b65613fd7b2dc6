import { STRICT_INVITE_CODE } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { advisors, emailOutbox, invitations, sponsoredAdvisors, users } from '../../db/schema/index.js';
import { future, openBody, past, strictBody, useInvitationApp } from './invitations.fixtures.js';

const { t, world, postAs, create, createOk, count, audits } = useInvitationApp();

describe('create', () => {
  it('creates an open invitation with its code, max, expiry and package, audited', async () => {
    const w = await world();
    const res = await create(w.adminA, w.a.id, 'open', openBody(w, { testAccount: true }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'open',
      inviteCode: 'WELCOME2026',
      max: 3,
      uses: 0,
      packageId: w.pkgA,
      packageName: 'Basic',
      sponsorId: w.a.id,
      sponsorCode: 'ALPHA',
      defaultInviteCode: false,
      testAccount: true,
      status: 'pending',
      email: null,
      lastSentAt: null,
    });
    const [entry] = await audits('invitation.create');
    expect(entry).toMatchObject({ sponsorId: w.a.id, targetType: 'invitation', targetId: String(res.json().id) });
    expect(entry!.logJson).toMatchObject({ type: 'open', inviteCode: 'WELCOME2026', max: 3 });
    expect(await t.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('creates a strict invitation with the fixed code, never default, and e-mails it in the same transaction', async () => {
    const w = await world();
    const res = await create(w.adminA, w.a.id, 'strict', strictBody(w));
    expect(res.statusCode).toBe(201);
    const inv = res.json();
    expect(inv).toMatchObject({
      type: 'strict',
      inviteCode: STRICT_INVITE_CODE,
      max: 1,
      defaultInviteCode: false,
      email: 'jane.doe@example.com',
      firstName: 'Jane',
    });
    expect(inv.lastSentAt).not.toBeNull();
    const mails = await t.db.select().from(emailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: 'jane.doe@example.com', template: 'invitation', sponsorId: w.a.id });
    expect(mails[0]!.bodyText).toContain(STRICT_INVITE_CODE);
    expect(mails[0]!.bodyText).not.toContain('expires');
    // Many strict invitations share the code.
    await t.db.delete(emailOutbox);
    const expiring = await create(
      w.adminA,
      w.a.id,
      'strict',
      strictBody(w, { email: 'due@example.com', expireTime: '2031-11-24T18:05:00.000Z' }),
    );
    expect(expiring.statusCode).toBe(201);
    // The expiry in the recipient's language and the portal's time zone (UTC until it sets one), saying which.
    const [due] = await t.db.select().from(emailOutbox);
    expect(due!.bodyText).toContain('The invitation expires on November 24, 2031 at 6:05 PM UTC.');
    expect((await create(w.adminA, w.a.id, 'strict', strictBody(w, { email: 'other@example.com' }))).statusCode).toBe(201);
  });

  it('refuses bad input with a message per field and changes nothing', async () => {
    const w = await world();
    const expired = await create(w.adminA, w.a.id, 'open', openBody(w, { expireTime: past() }));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().details).toContainEqual({ field: 'expireTime', message: 'Expiry must be in the future' });
    const maxZero = await create(w.adminA, w.a.id, 'open', openBody(w, { max: 0 }));
    expect(maxZero.statusCode).toBe(400);
    expect(maxZero.json().details).toContainEqual({ field: 'max', message: 'Max must be at least 1' });
    const unknownPkg = await create(w.adminA, w.a.id, 'open', openBody(w, { packageId: 99999 }));
    expect(unknownPkg.statusCode).toBe(400);
    expect(unknownPkg.json().details).toContainEqual({ field: 'packageId', message: 'Choose a package assigned to this portal' });
    const otherSponsorsPkg = await create(w.adminA, w.a.id, 'open', openBody(w, { packageId: w.pkgB }));
    expect(otherSponsorsPkg.statusCode).toBe(400);
    const noEmail = await create(w.adminA, w.a.id, 'strict', strictBody(w, { email: undefined }));
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().details.map((d: { field: string }) => d.field)).toContain('email');
    const badEmail = await create(w.adminA, w.a.id, 'strict', strictBody(w, { email: 'not-an-email' }));
    expect(badEmail.json().details).toContainEqual({ field: 'email', message: 'Enter a valid e-mail address' });
    const strictDefault = await create(w.adminA, w.a.id, 'strict', strictBody(w, { defaultInviteCode: true }));
    expect(strictDefault.statusCode).toBe(400);
    expect(strictDefault.json().details).toContainEqual({
      field: 'defaultInviteCode',
      message: 'A strict invitation cannot be the default invite code',
    });
    const strictCode = await create(w.adminA, w.a.id, 'strict', strictBody(w, { inviteCode: 'MINE' }));
    expect(strictCode.statusCode).toBe(400);
    const badType = await create(w.adminA, w.a.id, 'closed', openBody(w));
    expect(badType.statusCode).toBe(400);
    const unknownField = await create(w.adminA, w.a.id, 'open', openBody(w, { admin: true }));
    expect(unknownField.statusCode).toBe(400);
    const noSponsor = await postAs(w.adminA, '/api/v1/invitations?itype=open', openBody(w));
    expect(noSponsor.statusCode).toBe(400);
    expect(await count()).toBe(0);
    expect(await audits('invitation.create')).toHaveLength(0);
  });

  it('refuses a duplicate open code in the sponsor, in any case, with 409; another sponsor may use it', async () => {
    const w = await world();
    await createOk(w.adminA, w.a.id, 'open', openBody(w));
    const dup = await create(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'welcome2026' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().details).toEqual([{ field: 'inviteCode', message: 'This invite code is already used in this portal' }]);
    expect((await create(w.adminB, w.b.id, 'open', openBody(w, { packageId: w.pkgB }))).statusCode).toBe(201);
    expect(await count()).toBe(2);
  });

  it('checks the sponsored trusted advisors (advisor user ids) belong to the sponsor', async () => {
    const w = await world();
    const [u] = await t.db
      .insert(users)
      .values({ email: 'rep@example.com', firstName: 'Rep', lastName: 'One', role: 'advisor', statusId: 1 })
      .returning();
    await t.db.insert(advisors).values({ userId: u!.id });
    const [sa] = await t.db.insert(sponsoredAdvisors).values({ userId: u!.id, sponsorId: w.a.id }).returning();
    const ok = await create(w.adminA, w.a.id, 'open', openBody(w, { sponsoredTrustedAdvisorId: [sa!.userId], isTrustedAdvisor: true }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().sponsoredTrustedAdvisorId).toEqual([sa!.userId]);
    const notHere = await create(w.adminB, w.b.id, 'open', openBody(w, { packageId: w.pkgB, sponsoredTrustedAdvisorId: [sa!.userId] }));
    expect(notHere.statusCode).toBe(400);
    const bad = await create(
      w.adminA,
      w.a.id,
      'open',
      openBody(w, { inviteCode: 'OTHER1', sponsoredTrustedAdvisorId: [sa!.userId + 100] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('sponsoredTrustedAdvisorId');
  });

  it("refuses another sponsor's portal with 403 and creates nothing", async () => {
    const w = await world();
    const res = await create(w.adminA, w.b.id, 'open', openBody(w, { packageId: w.pkgB }));
    expect(res.statusCode).toBe(403);
    expect(await count()).toBe(0);
  });

  it('makes a new default clear the previous one', async () => {
    const w = await world();
    const first = await createOk(w.adminA, w.a.id, 'open', openBody(w, { defaultInviteCode: true }));
    const second = await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'SECOND', defaultInviteCode: true }));
    const rows = await t.db.select().from(invitations);
    expect(rows.find((r) => r.id === first.id)!.defaultInviteCode).toBe(false);
    expect(rows.find((r) => r.id === second.id)!.defaultInviteCode).toBe(true);
  });
});

describe('edit', () => {
  it('edits an open invitation and audits what changed', async () => {
    const w = await world();
    const inv = await createOk(w.adminA, w.a.id, 'open', openBody(w));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/invitations',
      headers: w.adminA.headers,
      payload: { ...inv, max: 10, inviteCode: 'SUMMER' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: inv.id, max: 10, inviteCode: 'SUMMER' });
    const [entry] = await audits('invitation.update');
    expect(entry!.logJson).toEqual({ changes: { max: { from: 3, to: 10 }, inviteCode: { from: 'WELCOME2026', to: 'SUMMER' } } });
  });

  it('edits a strict invitation (names, e-mail) keeping its code; an unchanged passed expiry is kept', async () => {
    const w = await world();
    const inv = await createOk(w.adminA, w.a.id, 'strict', strictBody(w, { expireTime: future(1) }));
    await t.db
      .update(invitations)
      .set({ expireTime: new Date(Date.now() - 60_000) })
      .where(eq(invitations.id, inv.id));
    const current = (await t.app.inject({ method: 'GET', url: `/api/v1/invitations/${inv.id}`, headers: w.adminA.headers })).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/invitations',
      headers: w.adminA.headers,
      payload: { ...current, firstName: 'Janet' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Janet', inviteCode: STRICT_INVITE_CODE, expireTime: current.expireTime });
  });

  it('refuses bad edits per field and changes nothing', async () => {
    const w = await world();
    const inv = await createOk(w.adminA, w.a.id, 'open', openBody(w));
    await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'TAKEN' }));
    await t.db.update(invitations).set({ uses: 2 }).where(eq(invitations.id, inv.id));
    const put = (payload: object, auth = w.adminA) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/invitations', headers: auth.headers, payload });
    const lowMax = await put({ id: inv.id, sponsorId: w.a.id, max: 1 });
    expect(lowMax.statusCode).toBe(400);
    expect(lowMax.json().details).toContainEqual({ field: 'max', message: 'Max cannot be lower than the 2 uses already counted' });
    expect((await put({ id: inv.id, sponsorId: w.a.id, max: 0 })).json().details).toContainEqual({
      field: 'max',
      message: 'Max must be at least 1',
    });
    expect((await put({ id: inv.id, sponsorId: w.a.id, expireTime: past() })).statusCode).toBe(400);
    expect((await put({ id: inv.id, sponsorId: w.a.id, inviteCode: 'taken' })).statusCode).toBe(409);
    expect((await put({ id: inv.id, sponsorId: w.a.id, packageId: 12345 })).statusCode).toBe(400);
    expect((await put({ id: inv.id, sponsorId: w.a.id, type: 'strict' })).statusCode).toBe(400);
    expect((await put({ id: inv.id, sponsorId: w.a.id, bogus: 1 })).statusCode).toBe(400);
    expect((await put({ id: inv.id, max: 5 })).statusCode).toBe(400);
    // Another sponsor: its own sponsor id → 404; naming ours → 403.
    expect((await put({ id: inv.id, sponsorId: w.b.id, max: 5 }, w.adminB)).statusCode).toBe(404);
    expect((await put({ id: inv.id, sponsorId: w.a.id, max: 5 }, w.adminB)).statusCode).toBe(403);
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, inv.id));
    expect(row).toMatchObject({ max: 3, inviteCode: 'WELCOME2026', uses: 2 });
    expect(await audits('invitation.update')).toHaveLength(0);
  });

  it('saving one as default clears the previous default in one transaction', async () => {
    const w = await world();
    const first = await createOk(w.adminA, w.a.id, 'open', openBody(w, { defaultInviteCode: true }));
    const second = await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'SECOND' }));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/invitations',
      headers: w.adminA.headers,
      payload: { ...second, defaultInviteCode: true },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(invitations);
    expect(rows.filter((r) => r.defaultInviteCode).map((r) => r.id)).toEqual([second.id]);
    expect(rows.find((r) => r.id === first.id)!.defaultInviteCode).toBe(false);
  });
});

describe('default invite code', () => {
  it('sets the default, clearing the previous one, answers the cleared ids and audits it', async () => {
    const w = await world();
    const first = await createOk(w.adminA, w.a.id, 'open', openBody(w, { defaultInviteCode: true }));
    const second = await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'SECOND' }));
    const other = await createOk(w.adminB, w.b.id, 'open', openBody(w, { packageId: w.pkgB, defaultInviteCode: true }));
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/invitations/${second.id}/default?sponsorid=${w.a.id}`,
      headers: w.adminA.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: second.id, defaultInviteCode: true, clearedIds: [first.id] });
    const rows = await t.db.select().from(invitations);
    expect(
      rows
        .filter((r) => r.defaultInviteCode)
        .map((r) => r.id)
        .sort(),
    ).toEqual([second.id, other.id].sort());
    const [entry] = await audits('invitation.default');
    expect(entry!.logJson).toMatchObject({ defaultInviteCode: true, previousDefault: [first.id] });
    const unset = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/invitations/${second.id}/default?sponsorid=${w.a.id}`,
      headers: w.adminA.headers,
      payload: { defaultInviteCode: false },
    });
    expect(unset.json()).toMatchObject({ defaultInviteCode: false });
  });

  it('refuses a strict or expired invitation, another sponsor’s, and an unknown one', async () => {
    const w = await world();
    const strict = await createOk(w.adminA, w.a.id, 'strict', strictBody(w));
    const open = await createOk(w.adminA, w.a.id, 'open', openBody(w));
    await t.db
      .update(invitations)
      .set({ expireTime: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, open.id));
    const put = (id: number, sponsorId: number, auth = w.adminA) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/invitations/${id}/default?sponsorid=${sponsorId}`, headers: auth.headers });
    expect((await put(strict.id, w.a.id)).statusCode).toBe(409);
    expect((await put(open.id, w.a.id)).statusCode).toBe(409);
    expect((await put(open.id, w.b.id, w.adminB)).statusCode).toBe(404);
    expect((await put(open.id, w.b.id)).statusCode).toBe(403);
    expect((await put(99999, w.a.id)).statusCode).toBe(404);
    expect((await t.db.select().from(invitations)).some((r) => r.defaultInviteCode)).toBe(false);
  });

  it('the database keeps one default per sponsor even if two writers race', async () => {
    const w = await world();
    const x = await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'XX1' }));
    const y = await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'YY1' }));
    const [r1, r2] = await Promise.all(
      [x, y].map((inv) =>
        t.app.inject({ method: 'PUT', url: `/api/v1/invitations/${inv.id}/default?sponsorid=${w.a.id}`, headers: w.adminA.headers }),
      ),
    );
    // The sponsor's invitation changes are serialised: both succeed, the later one is the default.
    expect([r1!.statusCode, r2!.statusCode], `${r1!.body} ${r2!.body}`).toEqual([200, 200]);
    expect((await t.db.select().from(invitations)).filter((r) => r.defaultInviteCode)).toHaveLength(1);
  });

  it('two creations racing for the same open code: one is created, the other gets 409', async () => {
    const w = await world();
    const results = await Promise.all([0, 1].map(() => create(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'RACE-1' }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await count()).toBe(1);
  });
});

describe('resend', () => {
  it('queues the invitation e-mail, records lastSentAt, answers a server message and audits it', async () => {
    const w = await world();
    const inv = await createOk(w.adminA, w.a.id, 'strict', strictBody(w));
    await t.db.delete(emailOutbox);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/invitations/${inv.id}?sponsorid=${w.a.id}&itype=strict`,
      headers: w.adminA.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'The invitation was sent again to jane.doe@example.com.',
      statusType: 'success',
      errorMsg: null,
    });
    const mails = await t.db.select().from(emailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe('jane.doe@example.com');
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, inv.id));
    expect(row!.lastSentAt!.getTime()).toBeGreaterThanOrEqual(new Date(inv.lastSentAt).getTime());
    expect(await audits('invitation.resend')).toHaveLength(1);
  });

  it('refuses a wrong type, an open code without e-mail, a used or expired one, and another sponsor’s; nothing is sent', async () => {
    const w = await world();
    const strict = await createOk(w.adminA, w.a.id, 'strict', strictBody(w));
    const open = await createOk(w.adminA, w.a.id, 'open', openBody(w));
    await t.db.delete(emailOutbox);
    const put = (id: number, sponsorId: number, itype: string, auth = w.adminA) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/invitations/${id}?sponsorid=${sponsorId}&itype=${itype}`, headers: auth.headers });
    expect((await put(strict.id, w.a.id, 'open')).statusCode).toBe(400);
    expect((await put(open.id, w.a.id, 'open')).statusCode).toBe(409);
    expect((await put(strict.id, w.b.id, 'strict', w.adminB)).statusCode).toBe(404);
    expect((await put(strict.id, w.b.id, 'strict')).statusCode).toBe(403);
    await t.db.update(invitations).set({ uses: 1 }).where(eq(invitations.id, strict.id));
    const used = await put(strict.id, w.a.id, 'strict');
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('jane.doe@example.com has already used this invitation.');
    await t.db
      .update(invitations)
      .set({ uses: 0, expireTime: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, strict.id));
    expect((await put(strict.id, w.a.id, 'strict')).statusCode).toBe(409);
    expect(await t.db.select().from(emailOutbox)).toHaveLength(0);
    expect(await audits('invitation.resend')).toHaveLength(0);
  });
});
