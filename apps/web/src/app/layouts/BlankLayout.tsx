import { Box } from '@mantine/core';
import { Outlet } from 'react-router';

/** No header, no navigation: the health route. */
export function BlankLayout() {
  return (
    <Box mih="100vh" p="xl">
      <Outlet />
    </Box>
  );
}
