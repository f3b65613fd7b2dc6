import { useIsFetching } from '@tanstack/react-query';
import { useNavigation } from 'react-router';

/** A thin bar at the top of the header while a screen loads or its data is fetched. */
export function RouteProgress() {
  const navigation = useNavigation();
  const fetching = useIsFetching({ predicate: (q) => q.queryKey[0] !== 'shell' });
  const busy = navigation.state !== 'idle' || fetching > 0;
  return (
    <div
      role="progressbar"
      aria-hidden={!busy}
      aria-label="Loading"
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        height: 'calc(0.125rem * var(--mantine-scale))',
        background: 'linear-gradient(90deg, var(--mantine-color-vault-4), var(--mantine-color-vault-8))',
        opacity: busy ? 1 : 0,
        transition: busy ? 'opacity 120ms ease 150ms' : 'opacity 200ms ease',
        pointerEvents: 'none',
      }}
    />
  );
}
