import { STATUS } from '@vault/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, importJobRows, importJobs, packageSponsor, passwordTokens, users, vaults } from '../../db/schema/index.js';
import { parseCsv } from '../../lib/csv.js';
import { type Auth, createTestApp, type TestApp } from '../../test/harness.js';
import { multipartBody } from '../../test/multipart.js';
import { createVault, resetVaultData, vaultBody, vaultWorld } from '../vaults/vaults.fixtures.js';

let t: TestApp;
let w: Awaited<ReturnType<typeof vaultWorld>>;
let admin: Auth;
let adminB: Auth;

beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  w = await vaultWorld(t);
  admin = await t.signInSponsorAdmin(w.a.id);
  adminB = await t.signInSponsorAdmin(w.b.id);
});
afterAll(async () => t.close());
beforeEach(async () => resetVaultData(t));

const upload = (auth: Auth, sponsorId: number, content: string | Buffer, name = 'holders.csv', type = 'text/csv') => {
  const { payload, headers } = multipartBody({ name, type, content });
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/users/import?sponsorId=${sponsorId}`,
    headers: { ...auth.headers, ...headers },
    payload,
  });
};
const confirm = (auth: Auth, sponsorId: number, body: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1/users/import-vault?sponsorId=${sponsorId}`, headers: auth.headers, payload: body as never });
const holders = async (sponsorId: number) =>
  t.db
    .select()
    .from(users)
    .where(and(eq(users.role, 'vault_holder'), eq(users.sponsorId, sponsorId)));

const FILE = [
  'Email,First Name,Last Name,Package,License,Tag,testAccount',
  'ann@example.com,Ann,Lee,Gold Plan,annual,family,yes', // 2 ok
  'not-an-email,Bob,Kay,Gold Plan,,,', // 3 bad e-mail
  'cy@example.com,Cy,Ng,Platinum,,,', // 4 unknown package
  'ANN@example.com,Ann,Again,gold plan,,,', // 5 duplicate of line 2
  'taken@example.com,Tom,Taken,Gold Plan,,,', // 6 already exists
  'dee@müller.de,Dee,<b>,Silver_50%,,,', // 7 bad last name
  `eve@example.com,Eve,Ray,${'{silver}'},,,`, // 8 unknown package
  "fay@example.com,Fay,O'Brien-Fox,silver_50%,monthly,,0", // 9 ok: a person's name with an apostrophe
].join('\r\n');

describe('POST /api/v1/users/import (preview)', () => {
  it('answers every row valid or invalid with its line and reasons, stores the job, imports nothing', async () => {
    await createVault(t, admin, w.a.id, vaultBody({ email: 'taken@example.com', packageId: w.gold.id }));
    const res = await upload(admin, w.a.id, FILE);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ fileName: 'holders.csv', totalRows: 8, validRows: 2, invalidRows: 6, truncated: false });
    const byLine = Object.fromEntries(p.rows.map((r: { line: number; valid: boolean; errors: string[] }) => [r.line, r]));
    expect(byLine[2]).toMatchObject({ valid: true, errors: [], email: 'ann@example.com' });
    expect(byLine[3].errors).toEqual(['Invalid e-mail address "not-an-email"']);
    expect(byLine[4].errors).toEqual(['Unknown package "Platinum": use a package assigned to this portal']);
    expect(byLine[5].errors).toEqual(['Duplicate e-mail in the file (first on line 2)']);
    expect(byLine[6].errors).toEqual(['A vault holder with this e-mail already exists in this portal']);
    expect(byLine[7].errors[0]).toBe('Last name may contain only letters, digits, spaces, apostrophes, hyphens and periods');
    expect(byLine[8].valid).toBe(false);
    expect(byLine[9]).toMatchObject({ valid: true });
    const [job] = await t.db.select().from(importJobs);
    expect(job).toMatchObject({ sponsorId: w.a.id, kind: 'vault_holders', status: 'previewed', totalRows: 8, validRows: 2 });
    expect(await holders(w.a.id)).toHaveLength(1);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'vault_holder.import_preview'));
    expect(entry).toMatchObject({ sponsorId: w.a.id, targetId: p.jobId });
  });

  it('refuses a file over 10 MB (413), a non-CSV, too many rows, missing columns and no file (400)', async () => {
    const big = `email,firstName,lastName,package\n${'a@example.com,Ann,Lee,Gold Plan\n'.repeat(340_000)}`;
    expect(Buffer.byteLength(big)).toBeGreaterThan(10 * 1024 * 1024);
    const tooBig = await upload(admin, w.a.id, big);
    expect(tooBig.statusCode).toBe(413);
    expect(
      (await upload(admin, w.a.id, FILE, 'holders.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).statusCode,
    ).toBe(400);
    expect((await upload(admin, w.a.id, Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'holders.csv')).statusCode).toBe(400);
    const many = `email,firstName,lastName,package\n${'x@example.com,A,B,Gold Plan\n'.repeat(100_001)}`;
    const tooMany = await upload(admin, w.a.id, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/more than 100,000 rows/);
    const missing = await upload(admin, w.a.id, 'email,firstName\na@example.com,Ann\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/misses the columns: lastName, package/);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/import?sponsorId=${w.a.id}`,
      headers: admin.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(await t.db.select().from(importJobs)).toHaveLength(0);
  }, 60_000);

  it('leaves no job and no stored row when the file turns out bad after many rows were checked', async () => {
    const lines = ['email,firstName,lastName,package'];
    for (let i = 0; i < 12_000; i++) lines.push(`early${i}@example.com,E,${i},Gold Plan`);
    const badQuote = await upload(admin, w.a.id, `${lines.join('\n')}\n"late@example.com,L,L,Gold Plan\n`);
    expect(badQuote.statusCode).toBe(400);
    expect(badQuote.json().message).toMatch(/not valid CSV \(near line 12002\)/);
    expect(await t.db.select().from(importJobs)).toHaveLength(0);
    expect(await t.db.select().from(importJobRows)).toHaveLength(0);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'vault_holder.import_preview'))).toHaveLength(0);
  }, 60_000);

  it('checks duplicates and existing holders across the whole file, with the lines of the file', async () => {
    await createVault(t, admin, w.a.id, vaultBody({ email: 'taken9000@example.com', packageId: w.gold.id }));
    const lines = ['email,firstName,lastName,package,organizationName', 'multi@example.com,Mul,Ti,Gold Plan,"Two', 'Lines"'];
    for (let i = 0; i < 12_000; i++) lines.push(`row${i}@example.com,R,${i},Gold Plan`);
    lines.push('MULTI@example.com,Again,Late,Gold Plan', 'taken9000@example.com,T,T,Gold Plan', 'last@example.com,La,St,Gold Plan');
    const p = (await upload(admin, w.a.id, lines.join('\n'))).json();
    expect(p).toMatchObject({ totalRows: 12_004, validRows: 12_002, invalidRows: 2, truncated: true });
    expect(p.rows.slice(0, 2)).toMatchObject([
      { line: 12_004, valid: false, errors: ['Duplicate e-mail in the file (first on line 2)'] },
      { line: 12_005, valid: false, errors: ['A vault holder with this e-mail already exists in this portal'] },
    ]);
    expect(p.rows[2]).toMatchObject({ line: 2, email: 'multi@example.com', valid: true });
    expect(p.rows[3]).toMatchObject({ line: 4, email: 'row0@example.com' });
    const stored = await t.db.select({ line: importJobRows.line, org: importJobRows.organizationName }).from(importJobRows);
    expect(stored).toHaveLength(12_002);
    expect(stored.find((r) => r.line === 2)!.org).toBe('Two\nLines');
    expect(stored.some((r) => r.line === 12_006)).toBe(true);
  }, 60_000);

  it('refuses another portal (403) and a missing portal (400)', async () => {
    expect((await upload(adminB, w.a.id, FILE)).statusCode).toBe(403);
    const { payload, headers } = multipartBody({ name: 'a.csv', content: FILE });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/users/import', headers: { ...admin.headers, ...headers }, payload })).statusCode,
    ).toBe(400);
  });
});

describe('POST /api/v1/users/import-vault (confirm)', () => {
  it('imports the valid rows once, answers the import result, and the list shows them', async () => {
    await createVault(t, admin, w.a.id, vaultBody({ email: 'taken@example.com', packageId: w.gold.id }));
    const p = (await upload(admin, w.a.id, FILE)).json();
    const res = await confirm(admin, w.a.id, { jobId: p.jobId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      migrationStatus: 'Success',
      importMessage: '2 vault holders imported from holders.csv. 6 invalid rows were left out.',
      importedUsers: 2,
    });
    const rows = await holders(w.a.id);
    expect(rows.map((r) => r.email).sort()).toEqual(['ann@example.com', 'fay@example.com', 'taken@example.com']);
    const ann = rows.find((r) => r.email === 'ann@example.com')!;
    expect(ann).toMatchObject({ firstName: 'Ann', lastName: 'Lee', statusId: STATUS.pending, testAccount: true });
    const [v] = await t.db.select().from(vaults).where(eq(vaults.holderUserId, ann.id));
    expect(v).toMatchObject({ sponsorId: w.a.id, packageId: w.gold.id, license: 'annual', tag: 'family' });
    const list = await t.app.inject({
      method: 'POST',
      url: `/api/v1/vaultholders/search?sponsorId=${w.a.id}`,
      headers: admin.headers,
      payload: { fieldName: 'email', fieldValue: 'fay@' },
    });
    expect(list.json().data[0]).toMatchObject({ email: 'fay@example.com', package: 'Silver_50%', license: 'monthly' });
    expect(await t.db.select().from(emailOutbox)).toHaveLength(0);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'vault_holder.import'));
    expect(entry!.logJson).toMatchObject({ importedUsers: 2, invalidRows: 6 });

    expect(await t.db.select().from(importJobRows)).toHaveLength(0);

    const again = await confirm(admin, w.a.id, { jobId: p.jobId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ migrationStatus: 'AlreadyImported', importedUsers: 0 });
    expect(await holders(w.a.id)).toHaveLength(3);
  });

  it('queues activation e-mails with single-use links when asked', async () => {
    await createVault(t, admin, w.a.id, vaultBody({ email: 'taken@example.com', packageId: w.gold.id }));
    const p = (await upload(admin, w.a.id, FILE)).json();
    await confirm(admin, w.a.id, { jobId: p.jobId, sendActivationEmail: true });
    const mails = await t.db.select().from(emailOutbox);
    expect(mails.map((m) => m.toAddress).sort()).toEqual(['ann@example.com', 'fay@example.com']);
    expect(mails[0]!.bodyText).toMatch(/http:\/\/portal\.test\/set-password\?token=[A-Za-z0-9_-]{43}/);
    expect(await t.db.select().from(passwordTokens)).toHaveLength(2);
  });

  it('skips e-mails taken since the preview; imports nothing when nothing is left', async () => {
    const p = (await upload(admin, w.a.id, 'email,firstName,lastName,package\nlate@example.com,La,Te,Gold Plan\n')).json();
    await createVault(t, admin, w.a.id, vaultBody({ email: 'late@example.com', packageId: w.gold.id }));
    const res = await confirm(admin, w.a.id, { jobId: p.jobId });
    expect(res.json()).toMatchObject({ migrationStatus: 'NothingToImport', importedUsers: 0 });
    expect(res.json().importMessage).toMatch(/1 e-mail was added by someone else since the preview and skipped/);
  });

  it('leaves no row imported when the import fails part-way, and the preview can be confirmed later', async () => {
    const lines = ['email,firstName,lastName,package'];
    for (let i = 0; i < 30; i++) lines.push(`g${i}@example.com,G,${i},Gold Plan`);
    lines.push('s@example.com,S,S,Silver_50%');
    const p = (await upload(admin, w.a.id, lines.join('\n'))).json();
    expect(p.validRows).toBe(31);
    // The Silver package is unassigned after the preview: its row makes the vault insert fail.
    await t.db.delete(packageSponsor).where(and(eq(packageSponsor.sponsorId, w.a.id), eq(packageSponsor.packageId, w.silver.id)));
    const res = await confirm(admin, w.a.id, { jobId: p.jobId });
    await t.db.insert(packageSponsor).values({ sponsorId: w.a.id, packageId: w.silver.id, priceSaleCents: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Nothing was imported/);
    expect(await holders(w.a.id)).toHaveLength(0);
    expect((await t.db.select().from(importJobs))[0]!.status).toBe('previewed');
    expect(await t.db.select().from(importJobRows)).toHaveLength(31);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'vault_holder.import'))).toHaveLength(0);
    expect((await confirm(admin, w.a.id, { jobId: p.jobId })).json().importedUsers).toBe(31);
  });

  it("refuses bad bodies, an unknown job and another portal's job (404), importing nothing", async () => {
    const p = (await upload(admin, w.a.id, FILE)).json();
    for (const body of [{}, { jobId: 'nope' }, { jobId: p.jobId, extra: 1 }])
      expect((await confirm(admin, w.a.id, body)).statusCode).toBe(400);
    expect((await confirm(admin, w.a.id, { jobId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await confirm(adminB, w.b.id, { jobId: p.jobId })).statusCode).toBe(404);
    expect((await confirm(adminB, w.a.id, { jobId: p.jobId })).statusCode).toBe(403);
    expect(await holders(w.a.id)).toHaveLength(0);
    expect(await holders(w.b.id)).toHaveLength(0);
  });
});

describe('GET /api/v1/users/import/{jobId}/errors', () => {
  it('downloads every invalid row with line and reasons, neutralising formulas', async () => {
    await createVault(t, admin, w.a.id, vaultBody({ email: 'taken@example.com', packageId: w.gold.id }));
    const p = (await upload(admin, w.a.id, `${FILE}\r\n=cmd@x.io,=1+1,Lee,Gold Plan`)).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/import/${p.jobId}/errors?sponsorId=${w.a.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="holders-errors.csv"');
    const { headers, rows } = parseCsv(res.body);
    expect(headers).toEqual(['line', 'email', 'firstName', 'lastName', 'package', 'errors']);
    expect(rows.map((r) => r.values.line)).toEqual(['3', '4', '5', '6', '7', '8', '10']);
    expect(rows.at(-1)!.values.email).toBe("'=cmd@x.io");
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/users/import/${p.jobId}/errors?sponsorId=${w.b.id}`, headers: adminB.headers }))
        .statusCode,
    ).toBe(404);
  });
});

describe('a large import', () => {
  it('previews and imports 20,000 rows in one transaction (timing is measured by the bench)', async () => {
    const lines = ['email,firstName,lastName,package'];
    for (let i = 0; i < 20_000; i++) lines.push(`bulk${i}@example.com,First${i},Last${i},Gold Plan`);
    const p = (await upload(admin, w.a.id, lines.join('\n'))).json();
    expect(p).toMatchObject({ totalRows: 20_000, validRows: 20_000, truncated: true });
    expect(p.rows).toHaveLength(5000);
    const res = await confirm(admin, w.a.id, { jobId: p.jobId });
    expect(res.json().importedUsers).toBe(20_000);
    expect(await holders(w.a.id)).toHaveLength(20_000);
  }, 180_000);
});
