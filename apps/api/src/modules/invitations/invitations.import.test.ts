import { STRICT_INVITE_CODE } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, invitations } from '../../db/schema/index.js';
import type { Auth } from '../../test/harness.js';
import { future, openBody, strictBody, useInvitationApp } from './invitations.fixtures.js';

const { t, world, postAs, createOk, count, audits } = useInvitationApp();

function multipart(filename: string, content: string | Buffer, type = 'text/csv') {
  const boundary = '----vaulttest';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    typeof content === 'string' ? Buffer.from(content) : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('CSV import', () => {
  const upload = (auth: Auth, sponsorId: number, filename: string, content: string | Buffer, type?: string) => {
    const m = multipart(filename, content, type);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/import?sponsorid=${sponsorId}`,
      headers: { ...auth.headers, ...m.headers },
      payload: m.payload,
    });
  };

  it('imports the good lines and lists each bad line with its reason', async () => {
    const w = await world();
    await createOk(w.adminA, w.a.id, 'open', openBody(w, { inviteCode: 'EXISTING' }));
    await t.db.delete(emailOutbox);
    const day = future(10).slice(0, 10);
    const csv = [
      'Type,Email,First Name,Last Name,Invite Code,Max,Expire Time,Package,Test Account',
      `strict,ann@example.com,Ann,Lee,,,,Basic,true`,
      `open,,,,SPRING,5,${day},${w.pkgA},`,
      `open,,,,EXISTING,5,${day},${w.pkgA},`,
      `open,,,,ZERO,0,${day},${w.pkgA},`,
      `strict,,Bob,Stone,,,,Basic,`,
      `open,,,,PASTCODE,5,2020-01-01,Basic,`,
      `open,,,,spring,2,${day},Basic,`,
      `strict,carl@example.com,Carl,Ray,,,,Premium,`,
    ].join('\n');
    const res = await upload(w.adminA, w.a.id, 'invites.csv', csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.migrationStatus).toBe('partial');
    expect(body.MigratedInvitation.map((m: { line: number }) => m.line)).toEqual([2, 3]);
    const reasons = Object.fromEntries(body.NotMigratedInvitation.map((n: { line: number; reason: string }) => [n.line, n.reason]));
    expect(Object.keys(reasons).map(Number)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(reasons[4]).toContain('already used in this portal');
    expect(reasons[5]).toContain('Max must be at least 1');
    expect(reasons[6]).toContain('email');
    expect(reasons[7]).toContain('Expiry must be in the future');
    expect(reasons[8]).toContain('already on line 3');
    expect(reasons[9]).toContain('not a package assigned to this portal');
    const rows = await t.db.select().from(invitations).where(eq(invitations.sponsorId, w.a.id));
    expect(rows.map((r) => r.inviteCode).sort()).toEqual(['EXISTING', 'SPRING', STRICT_INVITE_CODE]);
    expect(rows.find((r) => r.type === 'strict')).toMatchObject({ email: 'ann@example.com', testAccount: true, max: 1 });
    expect((await t.db.select().from(emailOutbox)).map((m) => m.toAddress)).toEqual(['ann@example.com']);
    const [entry] = await audits('invitation.import');
    expect(entry!.logJson).toMatchObject({ imported: 2, rejected: 6 });
  });

  it('refuses a strict e-mail twice in one file, or one that already holds a pending strict invitation of the portal', async () => {
    const w = await world();
    await createOk(w.adminA, w.a.id, 'strict', strictBody(w, { email: 'dana@example.com' }));
    const used = await createOk(w.adminA, w.a.id, 'strict', strictBody(w, { email: 'erin@example.com' }));
    await t.db.update(invitations).set({ uses: 1 }).where(eq(invitations.id, used.id));
    await createOk(w.adminB, w.b.id, 'strict', strictBody(w, { email: 'fay@example.com', packageId: w.pkgB }));
    const before = await count();
    const csv = [
      'Type,Email,First Name,Last Name,Package',
      `strict,gus@example.com,Gus,Hale,${w.pkgA}`,
      `strict,GUS@example.com,Gus,Hale,${w.pkgA}`,
      `strict,Dana@example.com,Dana,Ng,${w.pkgA}`,
      `strict,erin@example.com,Erin,Oak,${w.pkgA}`,
      `strict,fay@example.com,Fay,Poe,${w.pkgA}`,
    ].join('\n');
    const res = await upload(w.adminA, w.a.id, 'again.csv', csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.migrationStatus).toBe('partial');
    // A used invitation is no longer pending, and another portal's invitations are its own.
    expect(body.MigratedInvitation.map((m: { line: number }) => m.line)).toEqual([2, 5, 6]);
    expect(body.NotMigratedInvitation).toEqual([
      expect.objectContaining({
        line: 3,
        email: 'GUS@example.com',
        reason: 'email: GUS@example.com already has a strict invitation on line 2',
      }),
      expect.objectContaining({
        line: 4,
        email: 'Dana@example.com',
        reason: 'email: Dana@example.com already has a pending strict invitation in this portal',
      }),
    ]);
    expect(await count()).toBe(before + 3);
    const dana = (await t.db.select().from(invitations)).filter((r) => r.email?.toLowerCase() === 'dana@example.com');
    expect(dana).toHaveLength(1);
  });

  it('answers failed and imports nothing when every line is bad', async () => {
    const w = await world();
    const res = await upload(w.adminA, w.a.id, 'bad.csv', 'type,email\nweird,x@example.com\n');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ migrationStatus: 'failed', MigratedInvitation: [] });
    expect(res.json().NotMigratedInvitation[0]).toMatchObject({ line: 2 });
    expect(await count()).toBe(0);
    expect(await audits('invitation.import')).toHaveLength(0);
  });

  it('refuses a non-CSV file (400), a file over 10 MB (413), another sponsor (403) and no sponsor (400)', async () => {
    const w = await world();
    expect((await upload(w.adminA, w.a.id, 'photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 'image/png')).statusCode).toBe(
      400,
    );
    expect((await upload(w.adminA, w.a.id, 'x.pdf', '%PDF-1.4', 'application/pdf')).statusCode).toBe(400);
    const big = `type,email\n${'strict,someone@example.com\n'.repeat(400_000)}`;
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    expect((await upload(w.adminA, w.a.id, 'big.csv', big)).statusCode).toBe(413);
    expect((await upload(w.adminA, w.b.id, 'ok.csv', 'type\nstrict\n')).statusCode).toBe(403);
    const noSponsor = multipart('ok.csv', 'type\nstrict\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invitations/import',
      headers: { ...w.adminA.headers, ...noSponsor.headers },
      payload: noSponsor.payload,
    });
    expect(res.statusCode).toBe(400);
    const notMultipart = await postAs(w.adminA, `/api/v1/invitations/import?sponsorid=${w.a.id}`, { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    expect(await count()).toBe(0);
  });
});
