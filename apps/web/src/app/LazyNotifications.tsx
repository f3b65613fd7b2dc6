import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const NotificationsHost = lazy(() => import('./NotificationsHost').then((m) => ({ default: m.NotificationsHost })));

/**
 * Mounts the notifications container (and loads its code and styles) when the first notification is
 * raised: the first screen rarely shows one. `notifications.show` only writes to the store, which the
 * container reads when it mounts, so nothing raised before is lost.
 */
export function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
