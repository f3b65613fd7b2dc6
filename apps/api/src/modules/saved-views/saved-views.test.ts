import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, savedViewDefaults } from '../../db/schema/index.js';
import { type Auth, createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
beforeEach(async () => t.reset());

async function world() {
  const a = await t.createSponsor('ALPHA');
  const b = await t.createSponsor('BETA');
  return {
    a,
    b,
    // May share views of most lists ("Manage administrators").
    sharer: await t.signInSponsorAdmin(a.id, { hasManageAdminsAccess: true }, 'sharer@alpha.test'),
    plain: await t.signInSponsorAdmin(a.id, {}, 'plain@alpha.test'),
    adminB: await t.signInSponsorAdmin(b.id, { hasManageAdminsAccess: true }, 'boss@beta.test'),
    staff: await t.signInStaff('staff@vault.test'),
  };
}

const STATE = {
  search: { fieldName: 'email', fieldValue: 'smith' },
  filters: { status: 'open', from: '2026-01-01' },
  sort: { sortBy: 'lastName', sortDir: 'desc' as const },
  columns: ['id', 'email', 'status'],
};

const call = (auth: Auth, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth.headers, ...(payload ? { payload } : {}) });

const views = async (auth: Auth, sponsorId: number, list = 'vault-holders') => {
  const res = await call(auth, 'GET', `/api/v1/saved-views?sponsorId=${sponsorId}&list=${list}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: number;
    name: string;
    shared: boolean;
    isDefault: boolean;
    mine: boolean;
    canChange: boolean;
    state: object;
  }[];
};

async function save(auth: Auth, sponsorId: number, body: object, list = 'vault-holders') {
  const res = await call(auth, 'POST', `/api/v1/saved-views?sponsorId=${sponsorId}&list=${list}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; isDefault: boolean; shared: boolean };
}

const auditOf = async (id: number) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)))
  ).filter((e) => e.targetType === 'saved_view');

describe('saved views', () => {
  it('creates, lists, renames, replaces and deletes a view, each change audited', async () => {
    const w = await world();
    const v = await save(w.plain, w.a.id, { name: 'Smiths', shared: false, state: STATE });
    expect(await views(w.plain, w.a.id)).toMatchObject([
      { id: v.id, name: 'Smiths', shared: false, mine: true, canChange: true, state: STATE },
    ]);
    // Another list of the same portal holds its own views.
    expect(await views(w.plain, w.a.id, 'invitations')).toEqual([]);

    const renamed = await call(w.plain, 'PUT', `/api/v1/saved-views/${v.id}?sponsorId=${w.a.id}`, {
      name: 'Smith family',
      state: { search: null },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Smith family', state: { search: null } });

    const gone = await call(w.plain, 'DELETE', `/api/v1/saved-views/${v.id}?sponsorId=${w.a.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await views(w.plain, w.a.id)).toEqual([]);

    const entries = await auditOf(v.id);
    expect(entries.map((e) => e.action)).toEqual(['saved_view.create', 'saved_view.update', 'saved_view.delete']);
    expect(entries.every((e) => e.sponsorId === w.a.id && e.actorUserId === w.plain.userId)).toBe(true);
    expect(entries[1]!.logJson).toMatchObject({
      name: { from: 'Smiths', to: 'Smith family' },
      state: { from: STATE, to: { search: null } },
    });
  });

  it('keeps one default per list and person: a new default replaces the old one, and another person keeps theirs', async () => {
    const w = await world();
    const first = await save(w.sharer, w.a.id, { name: 'First', shared: true, state: {}, isDefault: true });
    const second = await save(w.sharer, w.a.id, { name: 'Second', shared: false, state: {} });
    // The plain administrator makes the shared view their own default.
    const theirs = await call(w.plain, 'PUT', `/api/v1/saved-views/${first.id}?sponsorId=${w.a.id}`, { isDefault: true });
    expect(theirs.statusCode, theirs.body).toBe(200);

    const made = await call(w.sharer, 'PUT', `/api/v1/saved-views/${second.id}?sponsorId=${w.a.id}`, { isDefault: true });
    expect(made.statusCode, made.body).toBe(200);
    expect((await views(w.sharer, w.a.id)).map((v) => [v.name, v.isDefault])).toEqual([
      ['First', false],
      ['Second', true],
    ]);
    expect((await views(w.plain, w.a.id)).map((v) => [v.name, v.isDefault])).toEqual([['First', true]]);

    // The database itself refuses a second default of one list for one person.
    await expect(
      t.db.insert(savedViewDefaults).values({ userId: w.sharer.userId, sponsorId: w.a.id, listKey: 'vault-holders', viewId: first.id }),
    ).rejects.toThrow();
    // Nor a default whose portal or list is not its view's (people without a default of their own).
    await expect(
      t.db.insert(savedViewDefaults).values({ userId: w.adminB.userId, sponsorId: w.b.id, listKey: 'vault-holders', viewId: first.id }),
    ).rejects.toThrow();
    await expect(
      t.db.insert(savedViewDefaults).values({ userId: w.staff.userId, sponsorId: w.a.id, listKey: 'invitations', viewId: first.id }),
    ).rejects.toThrow();

    // Unsharing the view takes it out of the other person's default.
    const unshared = await call(w.sharer, 'PUT', `/api/v1/saved-views/${first.id}?sponsorId=${w.a.id}`, { shared: false });
    expect(unshared.statusCode, unshared.body).toBe(200);
    expect(await views(w.plain, w.a.id)).toEqual([]);
    const left = await t.db.select().from(savedViewDefaults);
    expect(left.map((d) => [d.userId, d.viewId])).toEqual([[w.sharer.userId, second.id]]);
  });

  it('hides a personal view from every other administrator: 404, not 403', async () => {
    const w = await world();
    const mine = await save(w.plain, w.a.id, { name: 'Mine', shared: false, state: STATE });
    expect(await views(w.sharer, w.a.id)).toEqual([]);
    expect(await views(w.staff, w.a.id)).toEqual([]);
    for (const auth of [w.sharer, w.staff]) {
      for (const [method, payload] of [
        ['PUT', { name: 'Taken' }],
        ['PUT', { isDefault: true }],
        ['DELETE', undefined],
      ] as const) {
        const res = await call(auth, method, `/api/v1/saved-views/${mine.id}?sponsorId=${w.a.id}`, payload);
        expect(res.statusCode, `${method} ${res.body}`).toBe(404);
      }
    }
    expect(await views(w.plain, w.a.id)).toMatchObject([{ name: 'Mine' }]);
    // Names are each person's own: another administrator may use the same one.
    await save(w.sharer, w.a.id, { name: 'mine', shared: false, state: {} });
  });

  it("hides a portal's shared view from another portal, even when it names its own portal", async () => {
    const w = await world();
    const shared = await save(w.sharer, w.a.id, { name: 'Team', shared: true, state: STATE });
    expect(await views(w.plain, w.a.id)).toMatchObject([{ name: 'Team', mine: false, canChange: false }]);
    expect(await views(w.adminB, w.b.id)).toEqual([]);
    const naming = await call(w.adminB, 'GET', `/api/v1/saved-views?sponsorId=${w.a.id}&list=vault-holders`);
    expect(naming.statusCode).toBe(403);
    for (const [method, payload] of [
      ['PUT', { name: 'Hijacked' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(w.adminB, method, `/api/v1/saved-views/${shared.id}?sponsorId=${w.b.id}`, payload);
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(await views(w.sharer, w.a.id)).toMatchObject([{ name: 'Team' }]);
  });

  it('lets only staff and administrators with the list’s flag share a view or change a shared one', async () => {
    const w = await world();
    const refused = await call(w.plain, 'POST', `/api/v1/saved-views?sponsorId=${w.a.id}&list=vault-holders`, {
      name: 'Everyone',
      shared: true,
      state: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/hasManageAdminsAccess/);
    // The messages list is shared by those who manage messages, not by "Manage administrators".
    const messages = await call(w.sharer, 'POST', `/api/v1/saved-views?sponsorId=${w.a.id}&list=messages`, {
      name: 'M',
      shared: true,
      state: {},
    });
    expect(messages.statusCode).toBe(403);
    expect(messages.json().message).toMatch(/hasManageMessagesAccess/);

    const personal = await save(w.plain, w.a.id, { name: 'Mine', shared: false, state: {} });
    const share = await call(w.plain, 'PUT', `/api/v1/saved-views/${personal.id}?sponsorId=${w.a.id}`, { shared: true });
    expect(share.statusCode).toBe(403);

    const team = await save(w.staff, w.a.id, { name: 'Team', shared: true, state: {} });
    const rename = await call(w.plain, 'PUT', `/api/v1/saved-views/${team.id}?sponsorId=${w.a.id}`, { name: 'Mine now' });
    expect(rename.statusCode).toBe(403);
    const remove = await call(w.plain, 'DELETE', `/api/v1/saved-views/${team.id}?sponsorId=${w.a.id}`);
    expect(remove.statusCode).toBe(403);
    const bySharer = await call(w.sharer, 'PUT', `/api/v1/saved-views/${team.id}?sponsorId=${w.a.id}`, { name: 'Team view' });
    expect(bySharer.statusCode, bySharer.body).toBe(200);
    expect(bySharer.json()).toMatchObject({ name: 'Team view', mine: false, canChange: true });
    expect((await auditOf(team.id)).map((e) => e.action)).toEqual(['saved_view.create', 'saved_view.update']);
  });

  it('refuses a name used twice in one scope with 409', async () => {
    const w = await world();
    await save(w.sharer, w.a.id, { name: 'Open', shared: false, state: {} });
    const again = await call(w.sharer, 'POST', `/api/v1/saved-views?sponsorId=${w.a.id}&list=vault-holders`, {
      name: 'OPEN',
      shared: false,
      state: {},
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().details).toEqual([{ field: 'name', message: expect.any(String) }]);
    await save(w.sharer, w.a.id, { name: 'Open', shared: true, state: {} });
    const twiceShared = await call(w.staff, 'POST', `/api/v1/saved-views?sponsorId=${w.a.id}&list=vault-holders`, {
      name: 'open',
      shared: true,
      state: {},
    });
    expect(twiceShared.statusCode).toBe(409);
    // The refused ones left no audit entry behind.
    const created = (await t.db.select().from(auditLog)).filter((e) => e.action === 'saved_view.create');
    expect(created).toHaveLength(2);
  });

  it('refuses a state that is not a list state, an unknown list and unknown fields with 400', async () => {
    const w = await world();
    const bad: [string, object][] = [
      ['unknown part', { name: 'X', shared: false, state: { html: '<b>' } }],
      ['object as filter value', { name: 'X', shared: false, state: { filters: { status: { nested: true } } } }],
      ['number as filter value', { name: 'X', shared: false, state: { filters: { status: 3 } } }],
      ['filter named page', { name: 'X', shared: false, state: { filters: { page: '2' } } }],
      ['odd filter name', { name: 'X', shared: false, state: { filters: { 'a b': 'x' } } }],
      ['too long a value', { name: 'X', shared: false, state: { filters: { q2: 'x'.repeat(201) } } }],
      [
        'too many filters',
        { name: 'X', shared: false, state: { filters: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, 'x'])) } },
      ],
      ['too many columns', { name: 'X', shared: false, state: { columns: Array.from({ length: 41 }, (_, i) => `c${i}`) } }],
      ['bad sort direction', { name: 'X', shared: false, state: { sort: { sortBy: 'id', sortDir: 'up' } } }],
      ['extra in search', { name: 'X', shared: false, state: { search: { fieldName: 'email', fieldValue: 'a', more: 1 } } }],
      ['empty name', { name: '  ', shared: false, state: {} }],
      ['unknown field', { name: 'X', shared: false, state: {}, owner: 1 }],
      ['state missing', { name: 'X', shared: false }],
    ];
    for (const [why, body] of bad) {
      const res = await call(w.plain, 'POST', `/api/v1/saved-views?sponsorId=${w.a.id}&list=vault-holders`, body);
      expect(res.statusCode, `${why}: ${res.body}`).toBe(400);
    }
    const list = await call(w.plain, 'GET', `/api/v1/saved-views?sponsorId=${w.a.id}&list=secrets`);
    expect(list.statusCode).toBe(400);
    const v = await save(w.plain, w.a.id, { name: 'Fine', shared: false, state: {} });
    const put = await call(w.plain, 'PUT', `/api/v1/saved-views/${v.id}?sponsorId=${w.a.id}`, { state: { filters: [] } });
    expect(put.statusCode).toBe(400);
    expect(await views(w.plain, w.a.id)).toHaveLength(1);
  });
});
