import { asc, eq, gt } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.js';
import { plannedOncePerShape } from './prepared.js';

const people = pgTable('people', { id: integer().primaryKey(), name: text().notNull() });

describe('a shaped list query on PGlite', () => {
  let database: Database;
  const named = async () =>
    (await database.query<{ statement: string }>('select statement from pg_prepared_statements order by name')).map((r) => r.statement);

  beforeAll(async () => {
    database = await openDatabase({});
    await database.pglite!.exec(`create table people (id int primary key, name text not null);
      insert into people select i, 'person ' || i from generate_series(1, 30) i`);
  });
  afterAll(() => database.close());

  it('runs as one named statement per shape, each call with its own values', async () => {
    const page = (after: number, limit: number) =>
      plannedOncePerShape(database.db, database.db.select().from(people).where(gt(people.id, after)).orderBy(asc(people.id)).limit(limit));
    const byName = (name: string) => plannedOncePerShape(database.db, database.db.select().from(people).where(eq(people.name, name)));

    expect((await page(0, 2)).map((p) => p.id)).toEqual([1, 2]);
    expect((await page(27, 5)).map((p) => p.id)).toEqual([28, 29, 30]);
    expect(await named()).toHaveLength(1);
    expect(await byName('person 7')).toEqual([{ id: 7, name: 'person 7' }]);
    expect(await byName("person 7' or true --")).toEqual([]);
    const statements = await named();
    expect(statements).toHaveLength(2);
    expect(statements.every((s) => s.includes('$1'))).toBe(true);
  });
});
