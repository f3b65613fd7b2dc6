import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { parseKey } from './secret-box.js';
import { keptSetting } from './settings.repo.js';

/**
 * The key that seals the secrets the server must read back (authenticator secrets, webhook signing
 * secrets): MFA_ENCRYPTION_KEY, or in development a key made once and kept in the database (like the XSRF key).
 */
export async function serverSecretKey(config: Pick<Config, 'MFA_ENCRYPTION_KEY'>, db: Db): Promise<Buffer> {
  if (config.MFA_ENCRYPTION_KEY) return parseKey(config.MFA_ENCRYPTION_KEY)!;
  return parseKey(await keptSetting(db, 'mfa_key', randomBytes(32).toString('base64')))!;
}
