import { useQueryClient } from '@tanstack/react-query';
import { SESSION_IDLE_MINUTES } from '@vault/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { lastApiCallAt } from '../lib/api';
import { updateUser } from '../lib/session';
import { fetchMe, shellKeys } from '../lib/sponsors';

/**
 * Keeps the shell honest about the session: each navigation checks it (so a session ended on the
 * server sends the user to the login screen at once), and after 30 idle minutes the portal asks
 * the server, which answers 401, and the login screen says why.
 */
export function useSessionWatch() {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check on every navigation
  useEffect(() => {
    queryClient
      .fetchQuery({ queryKey: shellKeys.me, queryFn: fetchMe, staleTime: 0 })
      .then((r) => updateUser(r.user))
      .catch(() => {
        // A 401 is handled by the API client; other failures leave the shell as it is.
      });
  }, [pathname, queryClient]);

  useEffect(() => {
    const idleMs = SESSION_IDLE_MINUTES * 60_000 + 5_000;
    const timer = setInterval(() => {
      if (Date.now() - lastApiCallAt() > idleMs) void fetchMe().catch(() => undefined);
    }, 30_000);
    return () => clearInterval(timer);
  }, []);
}
