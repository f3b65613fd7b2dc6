import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withNamedStatements } from './pglite-named.js';

const PEOPLE = 'select id, name, seen_at, tags from people where id = any($1::int[]) order by id';
const CHECKED = 'select $1::int as n';

describe('hot queries as named statements on PGlite', () => {
  let pglite: PGlite;
  let plain: PGlite;

  beforeAll(async () => {
    pglite = await PGlite.create();
    plain = await PGlite.create();
    for (const db of [pglite, plain]) {
      await db.exec(`create table people (id int primary key, name text, seen_at timestamptz, tags text[]);
        insert into people values (1, 'Ana', '2026-01-02T03:04:05Z', '{a,b}'), (2, 'Bo', null, null), (3, 'Cy', '2026-05-06T07:08:09.123Z', '{}');`);
    }
    const named = await withNamedStatements(pglite);
    named.add(PEOPLE);
    named.add(CHECKED);
  });
  afterAll(async () => {
    await pglite.close();
    await plain.close();
  });

  it('answers exactly what an unnamed statement answers, in each row mode, and parses the statement once', async () => {
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      for (const ids of [[1, 2], [3], []]) {
        const [got, expected] = await Promise.all([pglite.query(PEOPLE, [ids], options), plain.query(PEOPLE, [ids], options)]);
        expect(got.rows).toEqual(expected.rows);
        expect(got.fields).toEqual(expected.fields);
      }
    }
    const prepared = await pglite.query<{ name: string }>('select name from pg_prepared_statements');
    expect(prepared.rows.map((r) => r.name).sort()).toEqual(['hot_1']);
  });

  it('throws the database error of a bad value, and the statement keeps working', async () => {
    await expect(pglite.query(CHECKED, ['99999999999'])).rejects.toMatchObject({ code: '22003' });
    expect((await pglite.query(CHECKED, [7])).rows).toEqual([{ n: 7 }]);
    expect((await pglite.query(CHECKED, [null])).rows).toEqual([{ n: null }]);
  });

  it('waits for an open transaction, and runs inside one as an ordinary statement', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = pglite.transaction(async (t) => {
      await t.query(`update people set name = 'Ann' where id = 1`);
      expect((await t.query<{ name: string }>(PEOPLE, [[1]])).rows[0]!.name).toBe('Ann');
      await held;
      await t.rollback();
    });
    const outside = pglite.query<{ name: string }>(PEOPLE, [[1]]);
    release();
    await tx;
    expect((await outside).rows[0]!.name).toBe('Ana');
  });
});
