import type { SessionUser } from '@vault/contract';
import { useSyncExternalStore } from 'react';
import { saveFirstScreenCookie } from './first-screen-cookie';
import { KEYS, NO_SPONSOR, readJson, readSponsor, readToken, type SessionSponsor, storage } from './saved-session';

export { KEYS, NO_SPONSOR, type SessionSponsor };

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  expiredMessage: string | null;
}

function write(key: string, value: string | null) {
  const s = storage();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, value);
}

function readSession(): SessionState {
  return {
    token: readToken(),
    user: readJson<SessionUser>(KEYS.user),
    expiredMessage: storage()?.getItem(KEYS.expired) ?? null,
  };
}

let session = readSession();
let sponsor = readSponsor();

/** Reads the session again from storage: the server's first screen (decision 0051) fills a storage of its own per render. */
export function reloadSession() {
  session = readSession();
  sponsor = readSponsor();
}
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

// Another tab signing in or out, or choosing a sponsor, updates this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || Object.values(KEYS).includes(e.key as never)) {
      reloadSession();
      emit();
    }
  });
}

export const getToken = () => session.token;
export const getSession = () => session;
export const getSponsor = () => sponsor;

let signingOut = false;
/**
 * The user asked to sign out (or the portal does it for them): the calls still under way will get
 * 401 once the token is revoked, and that must not read as a session that timed out.
 */
export function beginSignOut() {
  signingOut = true;
}
export const isSigningOut = () => signingOut;

/** After a successful sign-in: keep the token and user, forget any earlier expiry message. */
export function startSession(token: string, user: SessionUser) {
  signingOut = false;
  write(KEYS.token, token);
  write(KEYS.user, JSON.stringify(user));
  write(KEYS.expired, null);
  session = { token, user, expiredMessage: null };
  saveFirstScreenCookie();
  emit();
}

/**
 * Ends the session in the browser; with a message, the login screen shows why. The chosen
 * sponsor goes with it (specification section 3's sign-out clears session_sponsor).
 */
export function clearSession(expiredMessage: string | null = null) {
  write(KEYS.token, null);
  write(KEYS.sponsor, JSON.stringify(NO_SPONSOR));
  sponsor = NO_SPONSOR;
  write(KEYS.user, null);
  write(KEYS.expired, expiredMessage);
  session = { token: null, user: null, expiredMessage };
  saveFirstScreenCookie();
  emit();
}

export function updateUser(user: SessionUser) {
  if (JSON.stringify(user) === JSON.stringify(session.user)) return;
  write(KEYS.user, JSON.stringify(user));
  session = { ...session, user };
  emit();
}

export function setSponsor(next: SessionSponsor) {
  const value = next.sponsorId > 0 ? next : NO_SPONSOR;
  write(KEYS.sponsor, JSON.stringify(value));
  sponsor = value;
  saveFirstScreenCookie();
  emit();
}

export const useSession = (): SessionState => useSyncExternalStore(subscribe, getSession, getSession);

/** The chosen sponsor; sponsorId 0 means none. */
export const useSponsor = (): SessionSponsor => useSyncExternalStore(subscribe, getSponsor, getSponsor);
