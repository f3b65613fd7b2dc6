import { Outlet } from 'react-router';

/** No header, no navigation: the health route. */
export function BlankLayout() {
  return (
    <div style={{ minHeight: '100vh', padding: 'var(--mantine-spacing-xl)' }}>
      <Outlet />
    </div>
  );
}
