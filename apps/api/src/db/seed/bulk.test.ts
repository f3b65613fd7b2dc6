import { describe, expect, it } from 'vitest';
import { chainHeads } from '../../modules/audit/chain/chain.repo.js';
import { verifyChain } from '../../modules/audit/chain/verify.js';
import { useTestApp } from '../../test/per-file-app.js';
import { bulkLoad } from './bulk.js';

const t = useTestApp();

const one = async <T>(text: string) => (await t.database.query(text))[0] as T;
const n = async (text: string) => Number((await one<{ n: number }>(text)).n);
/** Every audit chain, walked: the loader computes the chain itself, so it must hold as the trigger's does. */
const chainsWhole = async () => {
  const results = [];
  for (const head of await chainHeads(t.db)) results.push(await verifyChain(t.db, head.sponsorId, t.app.auditSigner));
  return results.map((r) => ({ sponsorId: r.sponsorId, whole: r.whole, firstBroken: r.firstBroken }));
};
const indexNames = async () =>
  (await t.database.query<{ indexname: string }>("select indexname from pg_indexes where schemaname = 'public' order by indexname")).map(
    (r) => r.indexname,
  );
/** The indexes of the audit log's monthly partitions (the load makes the months it fills), each as the parent's index it belongs to. */
const MONTH_INDEX = /^audit_log_\d{4}_\d{2}_/;
const partitionIndexKinds = async () =>
  (await indexNames())
    .filter((name) => MONTH_INDEX.test(name))
    .reduce(
      (kinds, name) => kinds.set(name.slice(0, 17), [...(kinds.get(name.slice(0, 17)) ?? []), name.slice(18)]),
      new Map<string, string[]>(),
    );

describe('bulk load (npm run seed)', () => {
  it('loads consistent holders, vaults, documents and audit entries with COPY, in several chunks, keeping every index', async () => {
    const before = await indexNames();
    const report = await bulkLoad(t.database, { holders: 450, audit: 1200, sponsors: 5, chunk: 200, rebuildIndexes: true });
    expect(report.sponsors).toHaveLength(5);
    expect(report.sponsors.reduce((s, x) => s + x.holders, 0)).toBe(450);
    expect(report.sponsors[0]!.holders).toBeGreaterThan(report.sponsors[4]!.holders);
    const outsideMonths = (names: string[]) => names.filter((name) => !MONTH_INDEX.test(name));
    expect(outsideMonths(await indexNames())).toEqual(outsideMonths(before));
    // A partition for each of the 365 days' months, each with every index of the parent and its chain index.
    const months = await partitionIndexKinds();
    expect(months.size).toBeGreaterThanOrEqual(13);
    for (const kinds of months.values())
      expect(kinds).toEqual([
        'action_occurred_at_id_idx',
        'chain_seq_idx',
        'occurred_at_id_idx',
        'pkey',
        'sponsor_id_occurred_at_id_idx',
        'target_type_target_id_idx',
      ]);

    expect(await n("select count(*)::int as n from users where role = 'vault_holder'")).toBe(450);
    expect(await n('select count(*)::int as n from vault_holders')).toBe(450);
    expect(await n('select count(*)::int as n from vaults')).toBe(450);
    expect(await n('select count(*)::int as n from audit_log')).toBe(1200);
    // References hold although foreign keys were not checked row by row during the load.
    expect(
      await n(`select count(*)::int as n from vaults v left join vault_holders h on h.user_id = v.holder_user_id
                left join package_sponsor p on p.sponsor_id = v.sponsor_id and p.package_id = v.package_id
               where h.user_id is null or h.sponsor_id <> v.sponsor_id or (v.package_id is not null and p.id is null)`),
    ).toBe(0);
    expect(await n('select count(*)::int as n from documents d left join vaults v on v.id = d.vault_id where v.id is null')).toBe(0);
    expect(
      await n(`select count(*)::int as n from vaults v
               where v.storage_used_bytes <> coalesce((select sum(size_bytes) from documents d where d.vault_id = v.id), 0)`),
    ).toBe(0);
    expect(await n("select count(distinct status_id)::int as n from users where role = 'vault_holder'")).toBe(4);
    // The audit entries are in time order and every logJson is valid JSON (COPY text escaping).
    expect(
      await n(
        `select count(*)::int as n from (select occurred_at < lag(occurred_at) over (order by id) as back from audit_log) x where back`,
      ),
    ).toBe(0);
    expect(await n("select count(*)::int as n from audit_log where jsonb_typeof(log_json) <> 'object'")).toBe(0);
    expect((await chainsWhole()).filter((c) => !c.whole)).toEqual([]);

    // Sequences continue after the loaded ids: an ordinary insert works.
    const [row] = await t.database.query<{ id: number }>(
      "insert into users (role, email, first_name, last_name) values ('staff', 'after@bulk.test', 'A', 'B') returning id",
    );
    expect(Number(row!.id)).toBeGreaterThan(450);
  });

  it('adds to what is there: a second load reuses the sponsors and continues the ids', async () => {
    await bulkLoad(t.database, { holders: 100, audit: 50, sponsors: 3 });
    const second = await bulkLoad(t.database, { holders: 100, audit: 50, sponsors: 3 });
    expect(await n("select count(*)::int as n from sponsors where sponsor_code like 'BK%'")).toBe(3);
    expect(second.sponsors.reduce((s, x) => s + x.holders, 0)).toBe(200);
    expect(await n('select count(*)::int as n from audit_log')).toBe(100);
    // The second load continued each chain, and an entry written afterwards by the trigger continues it too.
    await t.database.query(
      `insert into audit_log (sponsor_id, action) values (${second.sponsors[0]!.id}, 'after.load'), (null, 'after.load')`,
    );
    expect((await chainsWhole()).filter((c) => !c.whole)).toEqual([]);
    expect(await n('select count(distinct lower(email))::int as n from users where role = $$vault_holder$$')).toBe(200);
  });
});
