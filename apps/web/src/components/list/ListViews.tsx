import { IconBookmarks } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useBackgroundCallsAllowed } from '../../lib/first-screen';
import type { ListViews as Views } from '../../lib/list-state';
import { useSponsor } from '../../lib/session';
import { LightButton } from '../light/LightButton';

// The menu, its dialogs and its request load after the list's first rows are painted: the vault
// list's first screen does not grow (decision 0047).
const ViewsMenu = lazy(() => import('../../features/saved-views/ViewsMenu'));

/** The "Views" button stand-in, until the menu's code is in. */
const StandIn = () => (
  <LightButton variant="default" leftSection={<IconBookmarks size={16} />} disabled aria-haspopup="menu">
    Views
  </LightButton>
);

/** A list's saved views menu (issue 35 part 4), for the list state `views` of the chosen portal. */
export function ListViews({ views }: { views: Views }) {
  const { sponsorId } = useSponsor();
  const allowed = useBackgroundCallsAllowed();
  if (sponsorId <= 0) return null;
  if (!allowed) return <StandIn />;
  return (
    <Suspense fallback={<StandIn />}>
      <ViewsMenu views={views} sponsorId={sponsorId} />
    </Suspense>
  );
}
