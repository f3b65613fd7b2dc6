import { STATUS } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { hashPassword, randomToken } from '../../lib/crypto.js';
import type { Db } from '../client.js';
import { users } from '../schema/index.js';

export interface AdminBootstrap {
  email: string;
  /** Set only when it was generated now: it is printed once and never stored in clear. */
  generatedPassword: string | null;
  created: boolean;
}

/** Creates the first staff administrator on a database that has none. */
export async function ensureStaffAdmin(db: Db, email: string, password?: string): Promise<AdminBootstrap> {
  const [existing] = await db.select({ email: users.email }).from(users).where(eq(users.role, 'staff')).limit(1);
  if (existing) return { email: existing.email, generatedPassword: null, created: false };
  const plain = password ?? randomToken(12);
  await db.insert(users).values({
    role: 'staff',
    email,
    firstName: 'Service',
    lastName: 'Administrator',
    passwordHash: await hashPassword(plain),
    statusId: STATUS.active,
    activatedAt: new Date(),
  });
  return { email, generatedPassword: password ? null : plain, created: true };
}
