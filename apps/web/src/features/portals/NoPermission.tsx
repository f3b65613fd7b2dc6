import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** In place of what the user's access flags do not allow: why it is not there. */
export function NoPermission({ children }: { children: ReactNode }) {
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} mb="md">
      {children}
    </Alert>
  );
}
