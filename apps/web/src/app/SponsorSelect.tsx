import { IconBuildingCommunity } from '@tabler/icons-react';
import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DeferredSelect } from '../components/deferred/DeferredSelect';
import { useBackgroundCallsAllowed } from '../lib/first-screen';
import { NO_SPONSOR, setSponsor, useSponsor } from '../lib/session';
import { shellKeys, useMySponsors } from '../lib/sponsors';
import { screenAfterSponsorChange } from './nav';

export const PICK_PORTAL = '-- pick portal --';

/**
 * After a sponsor change: queries keyed by the old sponsor (sponsorId second in the key, the
 * features' convention) are only marked stale. Refetching them now would ask for the old portal's
 * data, since the screens still hold the old keys until they render with the new sponsor, and then
 * ask for the new one's. Every other query except the sponsor list is refreshed as before.
 */
export function refreshAfterSponsorChange(queryClient: QueryClient, oldSponsorId: number) {
  const shared = (q: Query) => q.queryKey[0] !== shellKeys.mySponsors[0];
  void queryClient.invalidateQueries({ predicate: (q) => shared(q) && q.queryKey[1] === oldSponsorId, refetchType: 'none' });
  void queryClient.invalidateQueries({ predicate: (q) => shared(q) && q.queryKey[1] !== oldSponsorId });
}

/**
 * The header's sponsor dropdown: "-- pick portal --" (value 0), then the user's sponsors sorted
 * by sponsorCode. Choosing one saves session_sponsor, closes the menu and reloads the route's data.
 */
export function SponsorSelect({ onChanged }: { onChanged?: () => void }) {
  const { sponsorId } = useSponsor();
  // The list of sponsors is fetched once the first screen's rows are in; the chosen one shows meanwhile.
  const sponsors = useMySponsors(useBackgroundCallsAllowed());
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const data = useMemo(
    () => [
      { value: '0', label: PICK_PORTAL },
      ...(sponsors.data ?? []).map((s) => ({
        value: String(s.id),
        label: s.name && s.name !== s.sponsorCode ? `${s.sponsorCode} · ${s.name}` : s.sponsorCode,
      })),
    ],
    [sponsors.data],
  );

  // A remembered sponsor the user may no longer open (another user, removed access) is forgotten;
  // a user who may open only one sponsor has it chosen for them.
  useEffect(() => {
    if (!sponsors.data) return;
    const only = sponsors.data.length === 1 ? sponsors.data[0] : undefined;
    if (sponsorId === 0 && only) setSponsor({ sponsorId: only.id, sponsorCode: only.sponsorCode });
    else if (sponsorId !== 0 && !sponsors.data.some((s) => s.id === sponsorId))
      setSponsor(only ? { sponsorId: only.id, sponsorCode: only.sponsorCode } : NO_SPONSOR);
  }, [sponsors.data, sponsorId]);

  const change = (value: string | null) => {
    const id = Number(value ?? 0);
    if (id === sponsorId) return;
    const chosen = sponsors.data?.find((s) => s.id === id);
    setSponsor(chosen ? { sponsorId: chosen.id, sponsorCode: chosen.sponsorCode } : NO_SPONSOR);
    const leaveFor = screenAfterSponsorChange(pathname);
    if (leaveFor) navigate(leaveFor);
    // A search for the new sponsor starts on its first page.
    else
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const k of [...next.keys()]) if (k === 'page' || k.endsWith('page')) next.delete(k);
          return next;
        },
        { replace: true },
      );
    refreshAfterSponsorChange(queryClient, sponsorId);
    onChanged?.();
  };

  return (
    <DeferredSelect
      aria-label="Portal"
      data={data}
      value={String(sponsorId)}
      onChange={change}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No portal matches"
      leftSection={<IconBuildingCommunity size={16} stroke={1.6} />}
      disabled={sponsors.isPending}
      placeholder={sponsors.isPending ? 'Loading portals…' : PICK_PORTAL}
      w={{ base: 190, xs: 260, md: 340 }}
      comboboxProps={{ shadow: 'md', transitionProps: { transition: 'pop-top-left', duration: 120 } }}
      maxDropdownHeight={360}
      checkIconPosition="right"
      error={sponsors.isError ? true : undefined}
      title={sponsors.isError ? 'The portals could not be loaded' : undefined}
    />
  );
}
