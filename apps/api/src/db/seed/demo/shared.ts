import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../client.js';
import { EMAIL_DOMAINS, emailLocal, FIRST_NAMES, LAST_NAMES, MIDDLE_INITIALS, type Random } from '../random.js';

/** What every seeding step shares: one transaction and one random stream, consumed in a fixed order. */
export interface SeedCtx {
  tx: Db;
  rnd: Random;
  now: number;
}

export const GiB = 1024 ** 3;
export const MiB = 1024 ** 2;
export const DAY = 86_400_000;

/** Multi-row inserts in chunks (PostgreSQL allows 65,535 parameters per statement). */
export async function insertMany<T extends PgTable, R extends Record<string, unknown>>(
  tx: Db,
  table: T,
  rows: T['$inferInsert'][],
  returning?: R,
): Promise<{ [K in keyof R]: unknown }[]> {
  const out: { [K in keyof R]: unknown }[] = [];
  const width = Math.max(1, Object.keys(rows[0] ?? {}).length);
  const size = Math.max(1, Math.floor(30_000 / width));
  for (let i = 0; i < rows.length; i += size) {
    const q = tx.insert(table).values(rows.slice(i, i + size) as never);
    if (returning) out.push(...((await q.returning(returning as never)) as { [K in keyof R]: unknown }[]));
    else await q;
  }
  return out;
}

export interface Person {
  first: string;
  middle: string | null;
  last: string;
  email: string;
}

export function makePeople(rnd: Random, count: number, used: Set<string>, domain?: string): Person[] {
  const people: Person[] = [];
  while (people.length < count) {
    const first = rnd.pick(FIRST_NAMES);
    const last = rnd.pick(LAST_NAMES);
    const base = emailLocal(first, last);
    const host = domain ?? rnd.pick(EMAIL_DOMAINS);
    let email = `${base}@${host}`;
    for (let k = 2; used.has(email); k++) email = `${base}${k}@${host}`;
    used.add(email);
    people.push({ first, middle: rnd.chance(0.3) ? rnd.pick(MIDDLE_INITIALS) : null, last, email });
  }
  return people;
}

export const daysAgo = (now: number, rnd: Random, maxDays: number, minDays = 0) =>
  new Date(now - (minDays + rnd.next() * (maxDays - minDays)) * DAY);
export const demoIp = (rnd: Random) => `${rnd.pick(['203.0.113', '198.51.100', '192.0.2'])}.${rnd.int(2, 250)}`;
