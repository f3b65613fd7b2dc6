import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { auditCheckpoints, auditLog } from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/per-file-app.js';
import { GENESIS_HASH, parsePublicKey } from './canonical.js';
import { verifyExport } from './verify-export.js';

const t = useTestApp();
const DAY = 86_400_000;
const ROOT = resolve(import.meta.dirname, '../../../../../..');

const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
const dateOf = (d: Date) => d.toISOString().slice(0, 10);

/** A portal with 12 entries, one a day from 20 days ago, and an entry of another portal between them. */
async function world() {
  const a = await t.createSponsor('ALPHA');
  const b = await t.createSponsor('BETA');
  for (let i = 0; i < 12; i++) {
    await t.db.insert(auditLog).values([
      { sponsorId: a.id, occurredAt: at(20 - i), action: 'vault_holder.update', logJson: { i, note: `tab\there "quoted" ✓` } },
      { sponsorId: b.id, occurredAt: at(20 - i), action: 'other.portal' },
    ]);
  }
  const staff = await t.signInStaff();
  const key = parsePublicKey((await t.app.inject({ method: 'GET', url: '/api/v1/audit/public-key' })).json().pem);
  return { a, b, staff, key };
}

const exportOf = async (headers: Record<string, string>, query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/audit/export?format=ndjson&${query}`, headers });
  return { res, lines: res.body.split('\n').filter((l) => l !== '') };
};

describe('NDJSON export (GET /api/v1/audit/export?format=ndjson)', () => {
  it('streams the range of one chain in order, each entry with its hash, then a signed checkpoint of the last; it verifies offline', async () => {
    const { a, staff, key } = await world();
    // Mid-chain: the range starts at the 6th entry of the portal (15 days ago) and ends 10 days ago.
    const { res, lines } = await exportOf(staff.headers, `sponsorid=${a.id}&fromDate=${dateOf(at(15))}&toDate=${dateOf(at(10))}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-chain-\d+-.*\.ndjson"/);
    const parsed = lines.map((l) => JSON.parse(l));
    const entries = parsed.slice(0, -1);
    expect(entries.map((e) => e.seq)).toEqual([6, 7, 8, 9, 10, 11]);
    expect(entries.every((e) => e.type === 'entry' && e.sponsorId === a.id && /^[0-9a-f]{64}$/.test(e.hash))).toBe(true);
    expect(entries[0].prevHash).not.toBe(GENESIS_HASH);
    expect(entries[0].logJson).toBe('{"i": 5, "note": "tab\\there \\"quoted\\" ✓"}');
    expect(parsed.at(-1)).toMatchObject({ type: 'checkpoint', sponsorId: a.id, seq: 11, hash: entries.at(-1).hash });
    expect(await verifyExport(lines, key)).toMatchObject({ ok: true, entries: 6, firstSeq: 6, lastSeq: 11, sponsorId: a.id });
    // The export is audited (in the portal's chain) and its checkpoint kept.
    const kept = await t.db.select().from(auditCheckpoints);
    expect(kept).toEqual([expect.objectContaining({ sponsorId: a.id, chainSeq: 11, reason: 'export' })]);
    const whole = await exportOf(staff.headers, `sponsorid=${a.id}`);
    expect(whole.lines.map((l) => JSON.parse(l).action).slice(-3, -1)).toEqual(['audit.export', 'audit.export']);
    expect(await verifyExport(whole.lines, key)).toMatchObject({ ok: true, entries: 12 + 2, firstSeq: 1 });
  });

  it('names the first bad line when a line was changed, removed or reordered, or the end cut off', async () => {
    const { a, staff, key } = await world();
    const { lines } = await exportOf(staff.headers, `sponsorid=${a.id}&fromDate=${dateOf(at(20))}`);
    expect(lines).toHaveLength(14);
    const changed = [...lines];
    changed[3] = changed[3]!.replace('vault_holder.update', 'vault_holder.delete');
    expect(await verifyExport(changed, key)).toMatchObject({ ok: false, line: 4, reason: expect.stringMatching(/content does not match/) });
    const details = [...lines];
    details[5] = details[5]!.replace('\\"i\\": 5', '\\"i\\": 50');
    expect(await verifyExport(details, key)).toMatchObject({ ok: false, line: 6 });
    const removed = lines.filter((_, i) => i !== 6);
    expect(await verifyExport(removed, key)).toMatchObject({
      ok: false,
      line: 7,
      reason: expect.stringMatching(/removed or the lines reordered/),
    });
    const swapped = [...lines];
    [swapped[2], swapped[3]] = [swapped[3]!, swapped[2]!];
    expect(await verifyExport(swapped, key)).toMatchObject({ ok: false, line: 3 });
    const cut = [...lines.slice(0, 12), lines[13]!];
    expect(await verifyExport(cut, key)).toMatchObject({
      ok: false,
      line: 13,
      reason: expect.stringMatching(/removed or changed at the end/),
    });
    expect(await verifyExport(lines.slice(0, 13), key)).toMatchObject({
      ok: false,
      line: 14,
      reason: expect.stringMatching(/checkpoint line is missing/),
    });
    const forged = [...lines];
    forged[13] = JSON.stringify({ ...JSON.parse(lines[13]!), signedAt: new Date().toISOString() });
    expect(await verifyExport(forged, key)).toMatchObject({ ok: false, line: 14, reason: expect.stringMatching(/signature/) });
    // Another key (another service, or a forger's) does not vouch for it.
    const other = parsePublicKey(Buffer.alloc(32, 3).toString('base64'));
    expect((await verifyExport(lines, other)).ok).toBe(false);
  });

  it('is checked by npm run audit:verify-export without the service: exit 0 when whole, 1 naming the line', async () => {
    const { a, staff } = await world();
    const { lines } = await exportOf(staff.headers, `sponsorid=${a.id}`);
    const dir = mkdtempSync(join(tmpdir(), 'audit-export-'));
    const keyFile = join(dir, 'audit-key.pem');
    writeFileSync(keyFile, (await t.app.inject({ method: 'GET', url: '/api/v1/audit/public-key' })).json().pem);
    writeFileSync(join(dir, 'good.ndjson'), `${lines.join('\n')}\n`);
    const bad = [...lines];
    bad[4] = bad[4]!.replace('"outcome":"success"', '"outcome":"failure"');
    writeFileSync(join(dir, 'bad.ndjson'), `${bad.join('\n')}\n`);
    const run = (file: string) =>
      promisify(execFile)(
        join(ROOT, 'node_modules/.bin/tsx'),
        ['apps/api/src/modules/audit/chain/verify-export.cli.ts', file, '--public-key', keyFile],
        {
          cwd: ROOT,
          env: { PATH: process.env.PATH },
        },
      ).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e: { code: number; stderr: string }) => ({ code: e.code, out: e.stderr }),
      );
    const good = await run(join(dir, 'good.ndjson'));
    expect(good).toMatchObject({ code: 0, out: expect.stringMatching(/whole and signed\. 13 entries/) });
    const broken = await run(join(dir, 'bad.ndjson'));
    expect(broken).toMatchObject({ code: 1, out: expect.stringMatching(/bad\.ndjson: line 5: its content does not match its hash/) });
  }, 60_000);

  it('keeps an administrator to their own chain and refuses filters that would leave holes', async () => {
    const { a, b, staff } = await world();
    const admin = await t.signInSponsorAdmin(a.id);
    const own = await exportOf(admin.headers, '');
    expect(own.res.statusCode).toBe(200);
    expect(JSON.parse(own.lines[0]!).sponsorId).toBe(a.id);
    expect((await exportOf(admin.headers, `sponsorid=${b.id}`)).res.statusCode).toBe(403);
    for (const filter of ['action=vault_holder', 'actor=x', 'outcome=success']) {
      expect((await exportOf(staff.headers, `sponsorid=${a.id}&${filter}`)).res.statusCode).toBe(400);
    }
    expect((await exportOf(staff.headers, 'format=xml')).res.statusCode).toBe(400);
  });
});
