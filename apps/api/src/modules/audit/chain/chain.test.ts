import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditCheckpoints, auditLog } from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/per-file-app.js';
import { canonicalJson, checkpointSignatureHolds, contentOf, entryHash, GENESIS_HASH, parsePublicKey } from './canonical.js';
import { chainPage } from './chain.repo.js';
import { DAILY_MS, signDailyCheckpoints } from './checkpoints.js';

const t = useTestApp();

const entry = (sponsorId: number | null, action: string, extra: Partial<typeof auditLog.$inferInsert> = {}) => ({
  sponsorId,
  action,
  actorEmail: 'someone@example.com',
  logJson: { note: action },
  ...extra,
});

/** Runs SQL as a superuser with the append-only triggers off: what an attacker with the database could do. */
const asSuperuser = (statement: string) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql.raw("set local session_replication_role = 'replica'"));
    await tx.execute(sql.raw(statement));
  });

const verify = async (auth: { headers: Record<string, string> }, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/audit/verify${query}`, headers: auth.headers });

describe('the hash chain', () => {
  it('chains every entry of a portal in order, one chain per portal and one for no portal, in SQL as in TypeScript', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    await t.db.insert(auditLog).values([entry(a.id, 'one'), entry(b.id, 'other'), entry(a.id, 'two'), entry(null, 'none')]);
    await t.db.insert(auditLog).values(entry(a.id, 'three'));
    const rows = await chainPage(t.db, a.id, 0, 100);
    expect(rows.map((r) => [r.action, r.seq])).toEqual([
      ['one', 1],
      ['two', 2],
      ['three', 3],
    ]);
    expect(rows[0]!.prevHash).toBe(GENESIS_HASH);
    for (const [i, r] of rows.entries()) {
      expect(r.hash).toBe(entryHash(r.prevHash, contentOf(r)));
      if (i > 0) expect(r.prevHash).toBe(rows[i - 1]!.hash);
    }
    expect((await chainPage(t.db, b.id, 0, 100)).map((r) => r.seq)).toEqual([1]);
    expect((await chainPage(t.db, null, 0, 100)).map((r) => r.action)).toContain('none');
  });

  it('hashes any text and details the same in the database as in the offline verifier', async () => {
    const a = await t.createSponsor('ALPHA');
    const text = fc.string({ unit: 'binary', maxLength: 40 }).map((s) => s.replace(/\0/g, ''));
    const details = fc.dictionary(
      text,
      fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.array(text)),
      { maxKeys: 5, noNullPrototype: true },
    );
    await fc.assert(
      fc.asyncProperty(text, fc.option(text), details, async (action, target, logJson) => {
        await t.db.insert(auditLog).values(entry(a.id, action || 'x', { targetId: target, clientIp: target, actorEmail: target, logJson }));
      }),
      { numRuns: 60 },
    );
    const staff = await t.signInStaff();
    const res = await verify(staff, `?sponsorid=${a.id}`);
    expect(res.json()).toMatchObject({ whole: true, entries: 60, lastSeq: 60, gaps: [] });
  });

  it('writes canonical JSON with sorted keys and no white space', () => {
    expect(canonicalJson({ b: [1, 'x', null], a: { d: true, c: '\u2028"' } })).toBe('{"a":{"c":"\u2028\\"","d":true},"b":[1,"x",null]}');
  });

  it('refuses a fork: two entries can never share a place in a chain', async () => {
    const a = await t.createSponsor('ALPHA');
    await t.db.insert(auditLog).values([entry(a.id, 'one'), entry(a.id, 'two')]);
    await expect(
      t.database.query(
        `insert into audit_log (sponsor_id, action, chain_seq, prev_hash, hash) select sponsor_id, 'forged', chain_seq, prev_hash, hash from audit_log where chain_seq = 1`,
      ),
    ).resolves.toBeDefined();
    // The trigger put the row at the end of the chain whatever it was given.
    expect((await chainPage(t.db, a.id, 0, 10)).map((r) => [r.action, r.seq])).toEqual([
      ['one', 1],
      ['two', 2],
      ['forged', 3],
    ]);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql.raw("set local session_replication_role = 'replica'"));
        await tx.execute(sql`insert into audit_log (sponsor_id, action, chain_seq, prev_hash, hash)
          values (${a.id}, 'fork', 2, ${GENESIS_HASH}, ${GENESIS_HASH})`);
      }),
    ).rejects.toThrow();
  });
});

describe('GET /api/v1/audit/verify', () => {
  it('answers whole for an untouched chain: staff for any portal and for no portal, an administrator for their own only', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    await t.db.insert(auditLog).values([entry(a.id, 'one'), entry(a.id, 'two'), entry(null, 'none')]);
    const staff = await t.signInStaff();
    const res = await verify(staff, `?sponsorid=${a.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sponsorId: a.id,
      whole: true,
      entries: 2,
      lastSeq: 2,
      lastHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      gaps: [],
      gapCount: 0,
      checkpoints: 0,
      latestCheckpoint: null,
      cut: null,
    });
    const none = await verify(staff);
    expect(none.json()).toMatchObject({ sponsorId: null, whole: true });
    expect(none.json().entries).toBeGreaterThanOrEqual(1);
    const admin = await t.signInSponsorAdmin(a.id);
    expect((await verify(admin)).json()).toMatchObject({ sponsorId: a.id, whole: true, entries: 2 });
    expect((await verify(admin, `?sponsorid=${b.id}`)).statusCode).toBe(403);
    expect((await verify(staff, '?sponsorid=abc')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/audit/verify' })).statusCode).toBe(401);
  });

  it('names the entry a superuser changed with the triggers off', async () => {
    const a = await t.createSponsor('ALPHA');
    await t.db.insert(auditLog).values([entry(a.id, 'one'), entry(a.id, 'two'), entry(a.id, 'three'), entry(a.id, 'four')]);
    const [two] = (await chainPage(t.db, a.id, 1, 1))!;
    await asSuperuser(`update audit_log set actor_email = 'nobody@example.com' where id = ${two!.id}`);
    const staff = await t.signInStaff();
    expect((await verify(staff, `?sponsorid=${a.id}`)).json()).toMatchObject({
      whole: false,
      entries: 4,
      firstBroken: { id: two!.id, seq: 2, reason: 'content' },
      gaps: [],
    });
  });

  it('names a broken link when an entry was rewritten with a fresh hash', async () => {
    const a = await t.createSponsor('ALPHA');
    await t.db.insert(auditLog).values([entry(a.id, 'one'), entry(a.id, 'two'), entry(a.id, 'three')]);
    const [, two, three] = await chainPage(t.db, a.id, 0, 10);
    // The forger recomputes entry 2's hash after changing it; entry 3 still names the old one.
    const forged = { ...two!, action: 'forged' };
    await asSuperuser(
      `update audit_log set action = 'forged', hash = '${entryHash(two!.prevHash, contentOf(forged))}' where id = ${two!.id}`,
    );
    const staff = await t.signInStaff();
    expect((await verify(staff, `?sponsorid=${a.id}`)).json()).toMatchObject({
      whole: false,
      firstBroken: { id: three!.id, seq: 3, reason: 'link' },
    });
  });

  it('names the gap an entry removed leaves, and entries removed after the last checkpoint', async () => {
    const a = await t.createSponsor('ALPHA');
    await t.db.insert(auditLog).values(['1', '2', '3', '4', '5'].map((n) => entry(a.id, `e${n}`)));
    const staff = await t.signInStaff();
    await t.app.inject({ method: 'GET', url: `/api/v1/audit/export?sponsorid=${a.id}&format=ndjson`, headers: staff.headers });
    // The export wrote its own entry (seq 6) and a checkpoint of it.
    await asSuperuser(`delete from audit_log where sponsor_id = ${a.id} and chain_seq in (3, 6)`);
    const res = (await verify(staff, `?sponsorid=${a.id}`)).json();
    expect(res).toMatchObject({
      whole: false,
      entries: 4,
      lastSeq: 5,
      gaps: [
        { fromSeq: 3, toSeq: 3 },
        { fromSeq: 6, toSeq: 6 },
      ],
      gapCount: 2,
      checkpoints: 1,
      latestCheckpoint: { seq: 6 },
    });
    expect(res.firstBroken).toBeUndefined();
  });

  it('names the entry a checkpoint contradicts when the tail was rewritten whole', async () => {
    const a = await t.createSponsor('ALPHA');
    await t.db.insert(auditLog).values([entry(a.id, 'one'), entry(a.id, 'two')]);
    await signDailyCheckpoints(t.database, t.app.auditSigner);
    const [one, two] = await chainPage(t.db, a.id, 0, 10);
    const forged = { ...two!, action: 'forged' };
    await asSuperuser(`update audit_log set action = 'forged', hash = '${entryHash(one!.hash, contentOf(forged))}' where id = ${two!.id}`);
    const staff = await t.signInStaff();
    expect((await verify(staff, `?sponsorid=${a.id}`)).json()).toMatchObject({
      whole: false,
      firstBroken: { id: two!.id, seq: 2, reason: 'checkpoint' },
    });
  });
});

describe('signed checkpoints', () => {
  it('signs every grown chain head once a day, under a lock, and the public key verifies them', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    await t.db.insert(auditLog).values([entry(a.id, 'one'), entry(b.id, 'two'), entry(null, 'three')]);
    const now = new Date();
    expect(await signDailyCheckpoints(t.database, t.app.auditSigner, now)).toBe(3);
    // Within the day: nothing more.
    expect(await signDailyCheckpoints(t.database, t.app.auditSigner, new Date(now.getTime() + 60_000))).toBe(0);
    await t.db.insert(auditLog).values(entry(a.id, 'four'));
    // A day later only the chain that grew is signed again.
    expect(await signDailyCheckpoints(t.database, t.app.auditSigner, new Date(now.getTime() + DAILY_MS + 60_000))).toBe(1);
    const rows = await t.db.select().from(auditCheckpoints);
    expect(rows.map((r) => [r.sponsorId, r.chainSeq])).toEqual(
      expect.arrayContaining([
        [a.id, 1],
        [b.id, 1],
        [null, 1],
        [a.id, 2],
      ]),
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/audit/public-key' });
    expect(res.statusCode).toBe(200);
    const key = res.json();
    expect(key).toMatchObject({ algorithm: 'Ed25519', keyId: t.app.auditSigner.keyId, pem: expect.stringContaining('BEGIN PUBLIC KEY') });
    for (const text of [key.pem, key.raw]) {
      const publicKey = parsePublicKey(text);
      for (const r of rows) {
        expect(
          checkpointSignatureHolds(publicKey, { ...r, seq: r.chainSeq, signedAt: r.signedAt.toISOString() }),
          `checkpoint ${r.id}`,
        ).toBe(true);
      }
    }
    await expect(t.database.query('update audit_checkpoints set chain_seq = 9')).rejects.toThrow(/audit_checkpoints is append-only/);
    await expect(t.database.query('delete from audit_checkpoints')).rejects.toThrow(/append-only/);
  });
});
