import { NO_SPONSOR_ID } from '@vault/contract/constants';

// The saved session as the browser keeps it, read without React: the entry reads it to start the
// first screen's request before the framework has loaded.

/**
 * What the browser keeps (specification section 3): the access token, the user, the
 * session-expired message and the chosen sponsor under `session_sponsor`.
 */
export const KEYS = {
  token: 'access_token',
  user: 'session_user',
  expired: 'session_expired_message',
  sponsor: 'session_sponsor',
} as const;

export interface SessionSponsor {
  sponsorId: number;
  sponsorCode: string;
}
export const NO_SPONSOR: SessionSponsor = { sponsorId: NO_SPONSOR_ID, sponsorCode: '' };

export const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function readJson<T>(key: string): T | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function readSponsor(): SessionSponsor {
  const s = readJson<Partial<SessionSponsor>>(KEYS.sponsor);
  if (!s || typeof s.sponsorId !== 'number' || s.sponsorId <= 0) return NO_SPONSOR;
  return { sponsorId: s.sponsorId, sponsorCode: String(s.sponsorCode ?? '') };
}

export const readToken = (): string | null => storage()?.getItem(KEYS.token) ?? null;
