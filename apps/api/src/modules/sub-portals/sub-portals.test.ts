import { describe, expect, it } from 'vitest';
import { advisors, sponsorAdmins, sponsoredAdvisors, sponsorGroups, users, vaultHolders, vaults } from '../../db/schema/index.js';
import { auditReader, useTestApp } from '../../test/per-file-app.js';

const t = useTestApp();

const audits = auditReader(t);
let seq = 0;

async function group(sponsorId: number, code: string, name = `${code} group`, parentId: number | null = null) {
  const [g] = await t.db.insert(sponsorGroups).values({ sponsorId, code, name, parentId }).returning();
  return g!;
}
async function representative(sponsorId: number, groupId: number | null = null, lastName = `Rep${++seq}`) {
  const [u] = await t.db
    .insert(users)
    .values({ role: 'advisor', email: `rep${++seq}@test.local`, firstName: 'Ria', lastName, statusId: 1 })
    .returning();
  await t.db.insert(advisors).values({ userId: u!.id });
  const [sa] = await t.db.insert(sponsoredAdvisors).values({ userId: u!.id, sponsorId, groupId }).returning();
  return sa!;
}
async function vault(sponsorId: number, groupId: number | null = null) {
  const [u] = await t.db
    .insert(users)
    .values({ role: 'vault_holder', sponsorId, email: `vh${++seq}@test.local`, firstName: 'Val', lastName: `Holder${seq}`, statusId: 1 })
    .returning();
  await t.db.insert(vaultHolders).values({ userId: u!.id, sponsorId });
  const [v] = await t.db.insert(vaults).values({ holderUserId: u!.id, sponsorId, groupId }).returning();
  return v!;
}
const manager = (sponsorId: number) =>
  t.signInSponsorAdmin(sponsorId, { hasSubPortalManagePermission: true }, `manager${sponsorId}@test.local`);

describe('sub-portal list and details', () => {
  it('lists the groups with their counts of advisors and vaults', async () => {
    const a = await t.createSponsor('ALPHA');
    const west = await group(a.id, 'WEST', 'West');
    await group(a.id, 'EAST', 'East');
    await representative(a.id, west.id);
    await vault(a.id, west.id);
    await vault(a.id, west.id);
    const admin = await t.signInSponsorAdmin(a.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/ALPHA/sponsor-group', headers: admin.headers });
    expect(
      res.json().data.map((g: { code: string; advisorCount: number; vaultCount: number }) => [g.code, g.advisorCount, g.vaultCount]),
    ).toEqual([
      ['EAST', 0, 0],
      ['WEST', 1, 2],
    ]);
    const mgr = await manager(a.id);
    const one = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/ALPHA/sponsor-group/west', headers: mgr.headers });
    expect(one.json()).toMatchObject({ code: 'WEST', name: 'West', advisorCount: 1, vaultCount: 2, parentName: null });
  });

  it('lists members and non-members of a group, paged and searchable', async () => {
    const a = await t.createSponsor('ALPHA');
    const west = await group(a.id, 'WEST', 'West');
    const east = await group(a.id, 'EAST', 'East');
    await representative(a.id, west.id, 'Adams');
    await representative(a.id, east.id, 'Baker');
    await representative(a.id, null, 'Cole');
    for (let i = 0; i < 3; i++) await vault(a.id, west.id);
    await vault(a.id, null);
    const mgr = await manager(a.id);
    const members = await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/ALPHA/sponsor-group/WEST/advisors', headers: mgr.headers });
    expect(members.json()).toMatchObject({ total: 1, data: [{ lastName: 'Adams', groupCode: 'WEST', groupName: 'West' }] });
    const others = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sponsors/ALPHA/sponsor-group/WEST/advisors?member=false',
      headers: mgr.headers,
    });
    expect(others.json().data.map((r: { lastName: string; groupCode: string | null }) => [r.lastName, r.groupCode])).toEqual([
      ['Baker', 'EAST'],
      ['Cole', null],
    ]);
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sponsors/ALPHA/sponsor-group/WEST/advisors?member=false&search=col',
      headers: mgr.headers,
    });
    expect(search.json().total).toBe(1);
    const vaultPage = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sponsors/ALPHA/sponsor-group/WEST/vaults?offset=0&limit=2',
      headers: mgr.headers,
    });
    expect(vaultPage.json()).toMatchObject({ total: 3, perPage: 2 });
    expect(vaultPage.json().data).toHaveLength(2);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/sponsors/ALPHA/sponsor-group/NOPE/vaults', headers: mgr.headers })).statusCode,
    ).toBe(404);
  });
});

describe('create, rename, delete', () => {
  it('creates, renames and deletes an empty sub-portal, each audited', async () => {
    const a = await t.createSponsor('ALPHA');
    const mgr = await manager(a.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sponsors/ALPHA/sponsor-group',
      headers: mgr.headers,
      payload: { name: 'North Desk', code: 'NORTH' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'North Desk', code: 'NORTH', advisorCount: 0, vaultCount: 0, parentId: null });
    const child = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sponsors/ALPHA/sponsor-group',
      headers: mgr.headers,
      payload: { name: 'North Kids', code: 'NK', parentId: created.json().id },
    });
    expect(child.json()).toMatchObject({ parentName: 'North Desk' });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/sponsors/ALPHA/sponsor-group/NK',
      headers: mgr.headers,
      payload: { name: 'North Juniors' },
    });
    expect(renamed.json()).toMatchObject({ name: 'North Juniors', parentName: 'North Desk' });
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/v1/sponsors/ALPHA/sponsor-group/NK', headers: mgr.headers });
    expect(deleted.json()).toMatchObject({ statusType: 'success', message: 'The sub-portal North Juniors was deleted.' });
    expect((await t.db.select().from(sponsorGroups)).map((g) => g.code)).toEqual(['NORTH']);
    expect(await audits('sub_portal.create')).toHaveLength(2);
    expect((await audits('sub_portal.update'))[0]!.logJson).toMatchObject({
      code: 'NK',
      changes: { name: { from: 'North Kids', to: 'North Juniors' } },
    });
    expect((await audits('sub_portal.delete'))[0]).toMatchObject({ sponsorId: a.id, targetType: 'sub_portal' });
  });

  it('refuses a duplicate code (409), bad input (400), a loop of parents (400) and a foreign parent (404)', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    const top = await group(a.id, 'TOP');
    const mid = await group(a.id, 'MID', 'Mid', top.id);
    const theirs = await group(b.id, 'THEIRS');
    const mgr = await manager(a.id);
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/v1/sponsors/ALPHA/sponsor-group', headers: mgr.headers, payload: payload as object });
    const dup = await post({ name: 'Again', code: 'top' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('ALPHA already has a sub-portal with the code top.');
    for (const payload of [
      { name: '', code: 'X' },
      { name: 'X', code: 'a b' },
      { name: 'X' },
      { name: 'X', code: 'X', extra: 1 },
      { name: 'X<', code: 'X' },
    ]) {
      expect((await post(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await post({ name: 'X', code: 'X', parentId: theirs.id })).statusCode).toBe(404);
    const loop = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/sponsors/ALPHA/sponsor-group/TOP',
      headers: mgr.headers,
      payload: { name: 'Top', parentId: mid.id },
    });
    expect(loop.statusCode).toBe(400);
    expect((await t.db.select().from(sponsorGroups)).length).toBe(3);
  });

  it('refuses to delete a sub-portal in use with 409 naming what uses it', async () => {
    const a = await t.createSponsor('ALPHA');
    const west = await group(a.id, 'WEST', 'West');
    await group(a.id, 'CHILD', 'Child', west.id);
    await representative(a.id, west.id);
    await vault(a.id, west.id);
    await vault(a.id, west.id);
    const mgr = await manager(a.id);
    await t.db.update(sponsorAdmins).set({ groupId: west.id });
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/sponsors/ALPHA/sponsor-group/WEST', headers: mgr.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'West cannot be deleted: it still holds 1 advisor, 2 vaults, 1 administrator and 1 sub-portal. Move them to another sub-portal first.',
    );
    expect((await t.db.select().from(sponsorGroups)).length).toBe(2);
    expect(await audits('sub_portal.delete')).toHaveLength(0);
  });

  it('needs hasSubPortalManagePermission and keeps other sponsors out', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    await group(b.id, 'BG');
    const plain = await t.signInSponsorAdmin(a.id, {}, 'plain@alpha.test');
    const create = (code: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/v1/sponsors/${code}/sponsor-group`, headers, payload: { name: 'N', code: 'N' } });
    expect((await create('ALPHA', plain.headers)).statusCode).toBe(403);
    const mgr = await manager(a.id);
    expect((await create('BETA', mgr.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/sponsors/BETA/sponsor-group/BG', headers: mgr.headers })).statusCode).toBe(
      403,
    );
    // Their group's code named under our sponsor: not found.
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/v1/sponsors/ALPHA/sponsor-group/BG', headers: mgr.headers })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/sponsors/ALPHA/sponsor-group/BG',
          headers: mgr.headers,
          payload: { name: 'Mine' },
        })
      ).statusCode,
    ).toBe(404);
    const rows = await t.db.select().from(sponsorGroups);
    expect(rows.map((g) => [g.code, g.name])).toEqual([['BG', 'BG group']]);
    const staff = await t.signInStaff();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/sponsors/BETA/sponsor-group',
          headers: staff.headers,
          payload: { name: 'N', code: 'N' },
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('moving members', () => {
  it('moves advisors and vaults into a group and out of any, audited with where they came from', async () => {
    const a = await t.createSponsor('ALPHA');
    const west = await group(a.id, 'WEST', 'West');
    const east = await group(a.id, 'EAST', 'East');
    const rep = await representative(a.id, east.id);
    const v1 = await vault(a.id, null);
    const v2 = await vault(a.id, east.id);
    const mgr = await manager(a.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sponsors/ALPHA/sponsor-group/move',
      headers: mgr.headers,
      payload: { toGroup: 'WEST', advisorIds: [rep.id], vaultIds: [v1.id, v2.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ statusType: 'success', message: '1 advisor and 2 vaults moved to West.' });
    expect((await t.db.select().from(vaults)).every((v) => v.groupId === west.id)).toBe(true);
    expect((await t.db.select().from(sponsoredAdvisors))[0]!.groupId).toBe(west.id);
    const [entry] = await audits('sub_portal.move');
    expect(entry!.logJson).toMatchObject({ toGroup: 'WEST', advisors: [{ id: rep.id, fromGroupId: east.id }] });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sponsors/ALPHA/sponsor-group/move',
      headers: mgr.headers,
      payload: { toGroup: null, vaultIds: [v1.id] },
    });
    expect(out.json().message).toBe('1 vault no longer in a sub-portal.');
  });

  it("refuses another sponsor's members or group (404, nothing moves) and empty or bad bodies (400)", async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    await group(a.id, 'WEST');
    await group(b.id, 'BG');
    const mine = await representative(a.id);
    const theirs = await representative(b.id);
    const theirVault = await vault(b.id);
    const mgr = await manager(a.id);
    const move = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/v1/sponsors/ALPHA/sponsor-group/move', headers: mgr.headers, payload: payload as object });
    expect((await move({ toGroup: 'WEST', advisorIds: [mine.id, theirs.id] })).statusCode).toBe(404);
    expect((await move({ toGroup: 'WEST', vaultIds: [theirVault.id] })).statusCode).toBe(404);
    expect((await move({ toGroup: 'BG', advisorIds: [mine.id] })).statusCode).toBe(404);
    expect((await move({ toGroup: 'WEST' })).statusCode).toBe(400);
    expect((await move({ toGroup: 'WEST', advisorIds: ['x'] })).statusCode).toBe(400);
    expect((await move({ advisorIds: [mine.id] })).statusCode).toBe(400);
    expect((await t.db.select().from(sponsoredAdvisors)).every((s) => s.groupId === null)).toBe(true);
    expect(await audits('sub_portal.move')).toHaveLength(0);
  });
});
