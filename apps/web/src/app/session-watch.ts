import { useQueryClient } from '@tanstack/react-query';
import { SESSION_EXPIRED_MESSAGE, SESSION_IDLE_MINUTES } from '@vault/contract';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { logout } from '../features/auth/api';
import { lastApiCallAt } from '../lib/api';
import { useBackgroundCallsAllowed } from '../lib/first-screen';
import { beginSignOut, clearSession, updateUser } from '../lib/session';
import { fetchMe, shellKeys } from '../lib/sponsors';

const IDLE_MS = SESSION_IDLE_MINUTES * 60_000;
/** How long before the server's idle timeout the portal warns. */
export const IDLE_WARNING_MS = 2 * 60_000;

export interface IdleWarning {
  /** Seconds until the session ends; null while no warning is due. */
  secondsLeft: number | null;
  /** Calls the API, which restarts the server's idle clock. */
  staySignedIn: () => Promise<void>;
  staying: boolean;
}

/**
 * Keeps the shell honest about the session: each navigation checks it (so a session ended on the
 * server sends the user to the login screen at once); two minutes before the server's 30-minute
 * idle timeout it warns, and when the timeout is reached it signs out with the specification's
 * message. The idle clock runs from the last API call, as the server's does.
 */
export function useSessionWatch(): IdleWarning {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [staying, setStaying] = useState(false);
  const allowed = useBackgroundCallsAllowed();

  // Re-checked on every navigation (the path is a dependency).
  useEffect(() => {
    // The first screen's own request checks the session too (a 401 signs out); this one follows it.
    // On the way out there is nothing to check: the call would race the logout and come back 401.
    if (!allowed || pathname === '/logout') return;
    queryClient
      .fetchQuery({ queryKey: shellKeys.me, queryFn: fetchMe, staleTime: 0 })
      .then((r) => updateUser(r.user))
      .catch(() => {
        // A 401 is handled by the API client; other failures leave the shell as it is.
      });
  }, [pathname, queryClient, allowed]);

  useEffect(() => {
    const tick = () => {
      const left = IDLE_MS - (Date.now() - lastApiCallAt());
      if (left <= 0) {
        clearInterval(timer);
        beginSignOut();
        // Revoke the token too (the call reads it before the session is cleared below).
        void logout().catch(() => undefined);
        clearSession(SESSION_EXPIRED_MESSAGE);
        queryClient.clear();
        navigate('/login', { replace: true });
        return;
      }
      setSecondsLeft(left <= IDLE_WARNING_MS ? Math.ceil(left / 1000) : null);
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [navigate, queryClient]);

  const staySignedIn = useCallback(async () => {
    setStaying(true);
    try {
      const me = await fetchMe();
      updateUser(me.user);
      setSecondsLeft(null);
    } catch {
      // A 401 is handled by the API client (the session had already ended).
    } finally {
      setStaying(false);
    }
  }, []);

  return { secondsLeft, staySignedIn, staying };
}
