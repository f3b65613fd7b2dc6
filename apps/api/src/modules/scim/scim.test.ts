import { STATUS } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, sponsorAdmins, sponsorAuthorizations, users } from '../../db/schema/index.js';
import { integrationKey } from '../../test/integration-key.js';
import { auditReader, injector, useTestApp } from '../../test/per-file-app.js';
import { SCIM_ERROR, SCIM_PATCH, SCIM_USER } from './scim.schemas.js';

const t = useTestApp({ catalog: true });
const inject = injector(t);
const audits = auditReader(t);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A SCIM call as an identity provider makes it: the key as a bearer token, the SCIM media type. */
const scim = (key: string, method: Method, path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/scim/v2${path}`,
    headers: { authorization: `Bearer ${key}`, ...(payload ? { 'content-type': 'application/scim+json' } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });

const newUser = (email: string, more: object = {}) => ({
  schemas: [SCIM_USER],
  userName: email,
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  emails: [{ value: email, type: 'work', primary: true }],
  active: true,
  ...more,
});

const patch = (...Operations: object[]) => ({ schemas: [SCIM_PATCH], Operations });

/** A portal with an active administrator (the last-administrator rule needs one) and a SCIM key. */
async function portal(code: string) {
  const sponsor = await t.createSponsor(code);
  const staff = await t.signInStaff(`staff-${code.toLowerCase()}@test.local`);
  const admin = await t.signInSponsorAdmin(sponsor.id, {}, `first@${code.toLowerCase()}.example`);
  const key = await integrationKey(t, staff, sponsor.id, ['scim']);
  return { sponsor, staff, admin, key };
}

function expectScimError(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  scimType?: string,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/scim\+json/);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ schemas: [SCIM_ERROR], status: String(status) });
  expect(typeof body.detail).toBe('string');
  if (scimType) expect(body.scimType).toBe(scimType);
}

describe('SCIM Users', () => {
  it('creates an administrator with the default flags, pending activation, audited with the integration as actor', async () => {
    const { sponsor, key } = await portal('ACME');
    const res = await scim(key, 'POST', '/Users', newUser('Ada@acme.example', { externalId: 'okta-00u1' }));
    expect(res.statusCode).toBe(201);
    expect(String(res.headers['content-type'])).toMatch(/^application\/scim\+json/);
    const user = res.json();
    expect(user).toMatchObject({
      schemas: [SCIM_USER],
      userName: 'Ada@acme.example',
      externalId: 'okta-00u1',
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      emails: [{ value: 'Ada@acme.example', primary: true }],
      active: true,
      meta: { resourceType: 'User' },
    });
    expect(res.headers.location).toBe(user.meta.location);
    expect(user.meta.location).toMatch(new RegExp(`/scim/v2/Users/${user.id}$`));

    const [row] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, Number(user.id)));
    expect(row).toMatchObject({ role: 'sponsor_admin', sponsorId: sponsor.id, statusId: STATUS.pending });
    const [admin] = await t.db.select().from(sponsorAdmins).where(eq(sponsorAdmins.userId, row!.id));
    // Creation's one default (specification section 5), nothing more.
    const granted = Object.entries(admin!).filter(([, v]) => v === true);
    expect(granted.map(([k]) => k)).toEqual(['hasPrivateFoldersAccess']);
    // The activation e-mail, as the portal's own creation sends it.
    expect((await t.db.select().from(emailOutbox)).map((m) => m.toAddress)).toContain('Ada@acme.example');

    const [entry] = await audits('scim.user_created');
    expect(entry).toMatchObject({ actorEmail: 'integration:doc-scanner', actorUserId: null, sponsorId: sponsor.id, targetId: user.id });
  });

  it('refuses an e-mail of another account, in this portal or any other, with a uniqueness error', async () => {
    const { key } = await portal('ACME');
    const other = await portal('BETA');
    expectScimError(await scim(key, 'POST', '/Users', newUser('FIRST@beta.example')), 409, 'uniqueness');
    expectScimError(await scim(key, 'POST', '/Users', newUser(`staff-beta@test.local`)), 409, 'uniqueness');
    expectScimError(await scim(key, 'POST', '/Users', newUser('first@acme.example')), 409, 'uniqueness');
    expect(other.key).not.toBe(key);
    expect(await audits('scim.user_created')).toHaveLength(0);
  });

  it('refuses attributes it does not keep, and emails other than the userName', async () => {
    const { key } = await portal('ACME');
    expectScimError(await scim(key, 'POST', '/Users', newUser('x@acme.example', { title: 'CFO' })), 400, 'invalidValue');
    expectScimError(await scim(key, 'POST', '/Users', newUser('x@acme.example', { password: 'secret-secret' })), 400, 'invalidValue');
    expectScimError(
      await scim(key, 'POST', '/Users', newUser('x@acme.example', { emails: [{ value: 'other@acme.example' }] })),
      400,
      'invalidValue',
    );
    expectScimError(await scim(key, 'POST', '/Users', { ...newUser('x@acme.example'), schemas: ['urn:other'] }), 400);
    // Read-only attributes echoed back, and a derived displayName, are accepted (RFC 7644 3.5.1).
    const ok = await scim(key, 'POST', '/Users', newUser('x@acme.example', { displayName: 'Ada L', meta: { resourceType: 'User' } }));
    expect(ok.statusCode).toBe(201);
  });

  it('reads one administrator, and lists with the userName filter and paging', async () => {
    const { key } = await portal('ACME');
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await scim(key, 'POST', '/Users', newUser(`p${n}@acme.example`))).json().id);
    const one = await scim(key, 'GET', `/Users/${ids[1]}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().userName).toBe('p2@acme.example');

    const all = await scim(key, 'GET', '/Users');
    expect(all.json()).toMatchObject({ totalResults: 4, itemsPerPage: 4, startIndex: 1 });
    const page = (await scim(key, 'GET', '/Users?startIndex=2&count=2')).json();
    expect(page).toMatchObject({ totalResults: 4, itemsPerPage: 2, startIndex: 2 });
    // Oldest first: the signed-in administrator, then p1, p2, p3.
    expect(page.Resources.map((u: { userName: string }) => u.userName)).toEqual(['p1@acme.example', 'p2@acme.example']);
    expect((await scim(key, 'GET', '/Users?count=0')).json()).toMatchObject({ totalResults: 4, itemsPerPage: 0, Resources: [] });

    const found = (await scim(key, 'GET', `/Users?filter=${encodeURIComponent('userName eq "P3@ACME.example"')}`)).json();
    expect(found).toMatchObject({ totalResults: 1, Resources: [{ id: ids[2], userName: 'p3@acme.example' }] });
    const none = (await scim(key, 'GET', `/Users?filter=${encodeURIComponent('userName eq "nobody@acme.example"')}`)).json();
    expect(none).toMatchObject({ totalResults: 0, Resources: [] });
  });

  it('answers 400 invalidFilter to any other filter', async () => {
    const { key } = await portal('ACME');
    for (const filter of ['emails.value eq "a@b.c"', 'userName co "a"', 'userName eq "a" and active eq true', 'userName eq unquoted']) {
      expectScimError(await scim(key, 'GET', `/Users?filter=${encodeURIComponent(filter)}`), 400, 'invalidFilter');
    }
  });

  it('replaces names, externalId and active with PUT; the userName stays', async () => {
    const { key } = await portal('ACME');
    const { id } = (await scim(key, 'POST', '/Users', newUser('ada@acme.example'))).json();
    const res = await scim(
      key,
      'PUT',
      `/Users/${id}`,
      newUser('ada@acme.example', { name: { givenName: 'Augusta', familyName: 'King' }, externalId: 'e-1' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: { givenName: 'Augusta', familyName: 'King' }, externalId: 'e-1', active: true });
    const [entry] = await audits('scim.user_updated');
    expect(entry?.logJson).toMatchObject({
      changes: { firstName: { from: 'Ada', to: 'Augusta' }, lastName: { from: 'Lovelace', to: 'King' } },
    });
    expectScimError(await scim(key, 'PUT', `/Users/${id}`, newUser('other@acme.example')), 400, 'mutability');
  });

  it('patches names with and without a path', async () => {
    const { key } = await portal('ACME');
    const { id } = (await scim(key, 'POST', '/Users', newUser('ada@acme.example'))).json();
    const withPath = await scim(key, 'PATCH', `/Users/${id}`, patch({ op: 'replace', path: 'name.givenName', value: 'Augusta' }));
    expect(withPath.statusCode).toBe(200);
    expect(withPath.json().name).toMatchObject({ givenName: 'Augusta', familyName: 'Lovelace' });
    const noPath = await scim(key, 'PATCH', `/Users/${id}`, patch({ op: 'Replace', value: { name: { familyName: 'King' } } }));
    expect(noPath.json().name).toMatchObject({ givenName: 'Augusta', familyName: 'King' });
    const dotted = await scim(key, 'PATCH', `/Users/${id}`, patch({ op: 'replace', value: { 'name.familyName': 'Byron' } }));
    expect(dotted.json().name.familyName).toBe('Byron');
    expectScimError(await scim(key, 'PATCH', `/Users/${id}`, patch({ op: 'replace', path: 'title', value: 'CFO' })), 400, 'invalidPath');
    expectScimError(await scim(key, 'PATCH', `/Users/${id}`, patch({ op: 'remove', path: 'name.givenName' })), 400, 'mutability');
    expect(await audits('scim.user_updated')).toHaveLength(3);
  });

  it('deactivates with PATCH active false: the person’s open session answers 401 at its next call', async () => {
    const { sponsor, key } = await portal('ACME');
    const target = await t.signInSponsorAdmin(sponsor.id, {}, 'second@acme.example');
    expect((await inject(target, 'GET', '/api/v1/authentication/me')).statusCode).toBe(200);

    const res = await scim(key, 'PATCH', `/Users/${target.userId}`, patch({ op: 'replace', path: 'active', value: false }));
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    expect((await inject(target, 'GET', '/api/v1/authentication/me')).statusCode).toBe(401);
    const [entry] = await audits('scim.user_deactivated');
    expect(entry).toMatchObject({ actorEmail: 'integration:doc-scanner', targetId: String(target.userId) });

    // Entra ID's form: no path, the boolean as a string; it turns them back on.
    const back = await scim(key, 'PATCH', `/Users/${target.userId}`, patch({ op: 'Replace', value: { active: 'True' } }));
    expect(back.json().active).toBe(true);
    expect(await audits('scim.user_activated')).toHaveLength(1);
  });

  it('keeps the last active administrator of a portal', async () => {
    const { admin, key } = await portal('ACME');
    expectScimError(await scim(key, 'PATCH', `/Users/${admin.userId}`, patch({ op: 'replace', path: 'active', value: false })), 409);
    expectScimError(await scim(key, 'DELETE', `/Users/${admin.userId}`), 409);
    const [row] = await t.db.select().from(users).where(eq(users.id, admin.userId));
    expect(row!.statusId).toBe(STATUS.active);
  });

  it('keeps one active administrator when two are deprovisioned at once', async () => {
    const { sponsor, admin, key } = await portal('ACME');
    const second = await t.signInSponsorAdmin(sponsor.id, {}, 'second@acme.example');
    const answers = await Promise.all([admin, second].map((a) => scim(key, 'DELETE', `/Users/${a.userId}`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    const active = await t.db.select().from(users).where(eq(users.statusId, STATUS.active));
    expect(active.filter((u) => u.sponsorId === sponsor.id)).toHaveLength(1);
  });

  it('deletes by deactivating: 204, the row and its history kept, the sessions ended', async () => {
    const { sponsor, key } = await portal('ACME');
    const target = await t.signInSponsorAdmin(sponsor.id, {}, 'second@acme.example');
    const res = await scim(key, 'DELETE', `/Users/${target.userId}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const [row] = await t.db.select().from(users).where(eq(users.id, target.userId));
    expect(row!.statusId).toBe(STATUS.inactive);
    expect((await scim(key, 'GET', `/Users/${target.userId}`)).json().active).toBe(false);
    expect((await inject(target, 'GET', '/api/v1/authentication/me')).statusCode).toBe(401);
    expect(await audits('scim.user_deactivated')).toHaveLength(1);
    // Again: nothing left to change, nothing audited.
    expect((await scim(key, 'DELETE', `/Users/${target.userId}`)).statusCode).toBe(204);
    expect(await audits('scim.user_deactivated')).toHaveLength(1);
  });
});

describe('SCIM tenancy and keys', () => {
  it("gives one portal's token nothing of another portal: its ids answer 404 and nothing changes", async () => {
    const a = await portal('ACME');
    const b = await portal('BETA');
    const theirs = (await scim(b.key, 'POST', '/Users', newUser('bea@beta.example'))).json().id;
    expectScimError(await scim(a.key, 'GET', `/Users/${theirs}`), 404);
    expectScimError(await scim(a.key, 'GET', `/Users/${b.admin.userId}`), 404);
    expectScimError(await scim(a.key, 'PUT', `/Users/${theirs}`, newUser('bea@beta.example', { active: false })), 404);
    expectScimError(await scim(a.key, 'PATCH', `/Users/${theirs}`, patch({ op: 'replace', path: 'active', value: false })), 404);
    expectScimError(await scim(a.key, 'DELETE', `/Users/${theirs}`), 404);
    expectScimError(await scim(a.key, 'GET', '/Users/not-a-number'), 404);
    const listed = (await scim(a.key, 'GET', '/Users')).json();
    expect(listed.Resources.map((u: { userName: string }) => u.userName)).toEqual(['first@acme.example']);
    const filtered = (await scim(a.key, 'GET', `/Users?filter=${encodeURIComponent('userName eq "bea@beta.example"')}`)).json();
    expect(filtered.totalResults).toBe(0);
    expect((await scim(b.key, 'GET', `/Users/${theirs}`)).json().active).toBe(true);
  });

  it('refuses no key, an unknown key, a portal session and a key without the scim scope', async () => {
    const { sponsor, staff, admin } = await portal('ACME');
    const res = await t.app.inject({ method: 'GET', url: '/scim/v2/Users' });
    expectScimError(res, 401);
    expectScimError(await scim('x'.repeat(40), 'GET', '/Users'), 401);
    // A portal session is not an integration key, even as a bearer token.
    expectScimError(await t.app.inject({ method: 'GET', url: '/scim/v2/Users', headers: admin.headers }), 401);
    const other = await t.createSponsor('BETA');
    const unscoped = await integrationKey(t, staff, other.id, ['read_vaults']);
    expectScimError(await scim(unscoped, 'GET', '/Users'), 403);
    expectScimError(await scim(unscoped, 'POST', '/Users', newUser('x@beta.example')), 403);
    expect(sponsor.id).not.toBe(other.id);
  });

  it('refuses a revoked or expired authorization, and a disabled integration', async () => {
    const { sponsor, staff, key } = await portal('ACME');
    expect((await scim(key, 'GET', '/Users')).statusCode).toBe(200);
    const [grant] = await t.db.select().from(sponsorAuthorizations).where(eq(sponsorAuthorizations.sponsorId, sponsor.id));
    expect(grant!.lastUsedAt).not.toBeNull();

    await t.db
      .update(sponsorAuthorizations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sponsorAuthorizations.id, grant!.id));
    expectScimError(await scim(key, 'GET', '/Users'), 403);
    await t.db.update(sponsorAuthorizations).set({ expiresAt: null }).where(eq(sponsorAuthorizations.id, grant!.id));
    expect((await scim(key, 'GET', '/Users')).statusCode).toBe(200);

    const revoked = await inject(staff, 'POST', `/api/v1/sponsor-authorizations/${grant!.id}/revoke?sponsorId=${sponsor.id}`, {});
    expect(revoked.statusCode).toBe(200);
    expectScimError(await scim(key, 'GET', '/Users'), 403);

    const disabled = await inject(
      staff,
      'POST',
      `/api/v1/sponsor-integrations/${grant!.sponsorIntegrationId}/disable?sponsorId=${sponsor.id}`,
      {},
    );
    expect(disabled.statusCode).toBe(200);
    expectScimError(await scim(key, 'GET', '/Users'), 401);
  });
});

describe('SCIM discovery and protocol', () => {
  it('describes itself: ServiceProviderConfig, ResourceTypes, Schemas', async () => {
    const { key } = await portal('ACME');
    const spc = await scim(key, 'GET', '/ServiceProviderConfig');
    expect(spc.statusCode).toBe(200);
    expect(String(spc.headers['content-type'])).toMatch(/^application\/scim\+json/);
    expect(spc.json()).toMatchObject({ patch: { supported: true }, bulk: { supported: false }, filter: { supported: true } });
    expect((await scim(key, 'GET', '/ResourceTypes')).json().Resources[0]).toMatchObject({
      id: 'User',
      endpoint: '/Users',
      schema: SCIM_USER,
    });
    const schema = (await scim(key, 'GET', '/Schemas')).json().Resources[0];
    expect(schema.id).toBe(SCIM_USER);
    expect(schema.attributes.map((a: { name: string }) => a.name)).toContain('userName');
  });

  it('takes application/json too, answers SCIM errors for bad JSON and unknown addresses', async () => {
    const { key } = await portal('ACME');
    const json = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: newUser('json@acme.example'),
    });
    expect(json.statusCode).toBe(201);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/scim+json' },
      payload: '{"schemas":',
    });
    expectScimError(bad, 400, 'invalidSyntax');
    expectScimError(await scim(key, 'GET', '/Groups'), 404);
    expectScimError(await scim(key, 'GET', '/Users?sortBy=userName'), 400);
  });

  it('limits the calls per address, answering a SCIM 429', async () => {
    const { key } = await portal('ACME');
    let res = await scim(key, 'GET', '/ServiceProviderConfig');
    for (let i = 0; i < 1200 && res.statusCode === 200; i++) res = await scim(key, 'GET', '/ServiceProviderConfig');
    expectScimError(res, 429);
  }, 120_000);
});
